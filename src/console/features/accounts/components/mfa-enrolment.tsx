/**
 * Setting two-step sign-in up: a new secret as a QR code (and as text, to type in by hand), a
 * current code to prove the app has it, then the recovery codes — shown this once, until the user
 * says they saved them.
 */
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { useAccountT } from '@console/hooks/use-account-t';
import type { MfaEnrolment as Enrolment } from '@shared/account';
import { useConfirmEnrolment, useStartEnrolment } from '../api/mfa';
import { CodeInput } from './code-input';
import { RecoveryCodes } from './recovery-codes';
import './mfa-enrolment.css';

export function MfaEnrolment({ required }: { required: boolean }) {
  const { t } = useAccountT();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  if (confirm.data) return <RecoveryCodes codes={confirm.data.recovery_codes} />;
  return (
    <>
      <p>{t(required ? 'mfa.offRequired' : 'mfa.off')}</p>
      {start.data ? (
        <ConfirmStep enrolment={start.data} confirm={confirm} />
      ) : (
        <>
          <ErrorAlert error={start.error} />
          <button
            type="button"
            className="button button--primary"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {t('mfa.start')}
          </button>
        </>
      )}
    </>
  );
}

function ConfirmStep({
  enrolment,
  confirm,
}: {
  enrolment: Enrolment;
  confirm: ReturnType<typeof useConfirmEnrolment>;
}) {
  const { t } = useAccountT();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.replace(/\s/g, ''), { onError: () => setCode('') });
  };
  return (
    <ol className="mfa-steps">
      <li>
        <p>{t('mfa.step.scan')}</p>
        <img
          className="mfa-steps__qr"
          src={enrolment.qr_code}
          alt={t('mfa.qrAlt')}
          width={200}
          height={200}
        />
      </li>
      <li>
        <div className="field">
          <label htmlFor="mfa-secret">{t('mfa.step.key')}</label>
          {/* Groups of four, wrapped: readable at 360 px; authenticator apps ignore the spaces. */}
          <textarea
            id="mfa-secret"
            className="mfa-steps__secret"
            readOnly
            rows={2}
            dir="ltr"
            spellCheck={false}
            value={enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            onFocus={(e) => e.target.select()}
          />
        </div>
      </li>
      <li>
        <form onSubmit={submit}>
          <CodeInput id="mfa-confirm-code" label={t('mfa.step.code')} value={code} onChange={setCode} />
          <ErrorAlert error={confirm.error} />
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {t('mfa.confirm')}
          </button>
        </form>
      </li>
    </ol>
  );
}
