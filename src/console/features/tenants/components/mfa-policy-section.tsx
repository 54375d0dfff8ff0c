/**
 * "Require two-step sign-in": an owner turns it on for every console user of the organisation
 * (anyone without it can then only set it up); other roles read it.
 */
import { useId } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { useSession } from '@console/features/accounts/api/session';
import { useAccountT } from '@console/hooks/use-account-t';
import { hasRole } from '@console/lib/roles';
import { useMfaPolicy, useSaveMfaPolicy } from '../api/mfa-policy';
import './mfa-policy-section.css';

export function MfaPolicySection() {
  const { t } = useAccountT();
  const id = useId();
  const { user } = useSession();
  const owner = hasRole(user.role, 'owner');
  const policy = useMfaPolicy();
  const save = useSaveMfaPolicy();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('policy.title')}</h2>
      <p>{t('policy.intro')}</p>
      <ErrorAlert error={policy.error ?? save.error} />
      {policy.isPending && <p role="status">{t('mfa.loading')}</p>}
      {policy.data !== undefined && owner && (
        <div className="mfa-policy">
          <input
            id={`${id}-required`}
            type="checkbox"
            aria-describedby={`${id}-hint`}
            checked={policy.data}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
          />
          <label htmlFor={`${id}-required`}>{t('policy.label')}</label>
        </div>
      )}
      {policy.data !== undefined && !owner && (
        <p>{t(policy.data ? 'policy.isRequired' : 'policy.notRequired')}</p>
      )}
      <p id={`${id}-hint`} className="field__hint">
        {t(owner ? 'policy.hint' : 'policy.ownerOnly')}
      </p>
    </section>
  );
}
