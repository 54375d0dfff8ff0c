/**
 * The recovery codes, right after two-step sign-in was turned on: shown this once (the server
 * keeps only their hashes). They stay until the user confirms they saved them.
 */
import { useId, useState } from 'react';
import { Notice } from '@console/components/notice';
import { useAccountT } from '@console/hooks/use-account-t';
import { useFinishEnrolment } from '../api/mfa';

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useAccountT();
  const id = useId();
  const finish = useFinishEnrolment();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <Notice tone="success">
      <h3 id={`${id}-title`}>{t('mfa.codes.title')}</h3>
      <p>{t('mfa.codes.note')}</p>
      <ol className="mfa-codes" aria-labelledby={`${id}-title`} dir="ltr">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--small"
        onClick={() =>
          void navigator.clipboard.writeText(codes.join('\n')).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {t('mfa.codes.copy')}
      </button>
      <span className="inline-status">{copied ? t('mfa.codes.copied') : ''}</span>
      <div className="mfa-codes__saved">
        <input
          id={`${id}-saved`}
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
        />
        <label htmlFor={`${id}-saved`}>{t('mfa.codes.saved')}</label>
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={!saved}
        onClick={() => void finish()}
      >
        {t('mfa.codes.done')}
      </button>
    </Notice>
  );
}
