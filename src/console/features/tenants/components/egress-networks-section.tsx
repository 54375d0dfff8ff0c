/**
 * "Our office and gateway addresses": the networks people reach the internet through, one per
 * line. An owner edits the list (it changes how every click is judged); other roles read it.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useSession } from '@console/features/accounts/api/session';
import { useT } from '@console/hooks/use-t';
import { hasRole } from '@console/lib/roles';
import { ApiError } from '@shared/api-client';
import { useEgressNetworks, useSaveEgressNetworks } from '../api/egress-networks';

export function EgressNetworksSection() {
  const { t } = useT();
  const id = useId();
  const { user } = useSession();
  const owner = hasRole(user.role, 'owner');
  const networks = useEgressNetworks();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.egress.title')}</h2>
      <p>{t('settings.egress.intro')}</p>
      <ErrorAlert error={networks.error} />
      {networks.isPending && <p role="status">{t('loading')}</p>}
      {networks.data && owner && <EgressForm saved={networks.data} />}
      {networks.data && !owner && (
        <>
          {networks.data.length === 0 ? (
            <p className="muted">{t('settings.egress.none')}</p>
          ) : (
            <ul aria-labelledby={`${id}-title`}>
              {networks.data.map((network) => (
                <li key={network}>
                  <code>{network}</code>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">{t('settings.egress.ownerOnly')}</p>
        </>
      )}
    </section>
  );
}

function EgressForm({ saved }: { saved: string[] }) {
  const { t } = useT();
  const id = useId();
  const save = useSaveEgressNetworks();
  const [text, setText] = useState(saved.join('\n'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = text.split(/[\n,]+/).map((line) => line.trim());
    // Shown as stored: a bare address becomes one host (/32, /128), each range once.
    save.mutate(lines.filter(Boolean), { onSuccess: (data) => setText(data.networks.join('\n')) });
  };
  // A refused line is the operator's to fix: say so in their language, not the server's words.
  const invalid = save.error instanceof ApiError && save.error.status === 400;
  return (
    <form onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-list`}>{t('settings.egress.label')}</label>
        <textarea
          id={`${id}-list`}
          rows={6}
          dir="ltr"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          aria-invalid={invalid || undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            save.reset();
          }}
        />
        <span id={`${id}-hint`} className="field__hint">
          {t('settings.egress.hint')}
        </span>
      </div>
      {invalid ? (
        <Notice tone="error">{t('settings.egress.invalid')}</Notice>
      ) : (
        <ErrorAlert error={save.error} />
      )}
      {save.isSuccess && <Notice tone="success">{t('settings.egress.saved')}</Notice>}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('settings.egress.save')}
      </button>
    </form>
  );
}
