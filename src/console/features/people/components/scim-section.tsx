/**
 * Settings → directory sync (SCIM): the tenant URL and the secret token a directory (Entra ID,
 * Okta) needs. An owner creates the token (shown once, replacing the last) or revokes it; other
 * roles are told who can.
 */
import { useId, useState } from 'react';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { ShownOnce } from '@console/components/shown-once';
import { useSession } from '@console/features/accounts/api/session';
import { usePeopleT } from '@console/hooks/use-people-t';
import { formatDateTime } from '@console/lib/format';
import { hasRole } from '@console/lib/roles';
import { useMintScimToken, useRevokeScimToken, useScimSettings } from '../api/people';

export function ScimSection() {
  const { t } = usePeopleT();
  const id = useId();
  const { user } = useSession();
  const owner = hasRole(user.role, 'owner');
  const settings = useScimSettings(owner);
  const mint = useMintScimToken();
  const revoke = useRevokeScimToken();
  const [confirming, setConfirming] = useState(false);
  const live = settings.data?.token;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('scim.title')}</h2>
      <p>{t('scim.intro')}</p>
      <p className="field__hint">{t('scim.deactivation')}</p>
      {!owner && <p>{t('scim.ownerOnly')}</p>}
      <ErrorAlert error={settings.error ?? mint.error} />
      {owner && settings.isPending && <p role="status">{t('people.loading')}</p>}
      {settings.data && (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('scim.url')}</label>
            <input
              id={`${id}-url`}
              readOnly
              value={settings.data.endpoint_url}
              onFocus={(e) => e.target.select()}
            />
          </div>
          <p>
            {live
              ? t('scim.tokenLive', { prefix: live.prefix, at: formatDateTime(live.created_at) })
              : t('scim.noToken')}
          </p>
          <div className="form-row">
            <button
              type="button"
              className="button button--primary"
              disabled={mint.isPending}
              onClick={() => mint.mutate()}
            >
              {live ? t('scim.replace') : t('scim.mint')}
            </button>
            {live && (
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {t('scim.revoke')}
              </button>
            )}
          </div>
          {mint.data && (
            <ShownOnce
              key={mint.data.token}
              label={t('scim.minted')}
              value={mint.data.token}
              copyLabel={t('scim.copy')}
              copiedLabel={t('scim.copied')}
              note={t('scim.once')}
            />
          )}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('scim.confirmTitle')}
          message={t('scim.confirm')}
          confirmLabel={t('scim.revoke')}
          pending={revoke.isPending}
          error={revoke.error}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            revoke.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                mint.reset();
              },
            })
          }
        />
      )}
    </section>
  );
}
