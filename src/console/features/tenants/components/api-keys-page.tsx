/**
 * /api-keys (owner only): the tenant's API keys by prefix, with when each was made and revoked;
 * create one (the key is shown once, to copy: only its hash is kept) and revoke one; and where a
 * GoPhish script points to use one (GoPhish's API is answered on this listener).
 */
import { useId, useState } from 'react';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { ShownOnce } from '@console/components/shown-once';
import { PageHeading } from '@console/components/page-heading';
import { formatDateTime } from '@console/lib/format';
import { useT } from '@console/hooks/use-t';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

export function ApiKeysPage() {
  const { t } = useT();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [confirm, setConfirm] = useState<string>();
  const headingId = useId();
  const gophishId = useId();
  return (
    <>
      <PageHeading>{t('keys.title')}</PageHeading>
      <p className="muted">{t('keys.intro')}</p>
      <ErrorAlert error={keys.error} />
      {keys.isPending && <p role="status">{t('loading')}</p>}
      {keys.data && (
        <div className="table-wrap panel">
          <table className="table" data-table="api-keys">
            <caption>{t('keys.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keys.prefix')}</th>
                <th scope="col">{t('keys.created')}</th>
                <th scope="col">{t('keys.state')}</th>
                <th scope="col">{t('campaigns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.prefix} data-key={key.prefix}>
                  <th scope="row">
                    <code>hw_{key.prefix}_…</code>
                  </th>
                  <td>{formatDateTime(key.created_at)}</td>
                  <td>
                    {key.revoked_at === null
                      ? t('keys.active')
                      : t('keys.revokedAt', { at: formatDateTime(key.revoked_at) })}
                  </td>
                  <td>
                    {key.revoked_at === null && (
                      <button
                        type="button"
                        className="button button--small button--danger"
                        aria-label={t('keys.revokeFor', { prefix: key.prefix })}
                        onClick={() => setConfirm(key.prefix)}
                      >
                        {t('keys.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className="panel" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('keys.new.title')}</h2>
        <ErrorAlert error={create.error} />
        <button
          type="button"
          className="button button--primary"
          disabled={create.isPending}
          onClick={() => create.mutate(undefined)}
        >
          {t('keys.new.submit')}
        </button>
        {create.data && (
          <ShownOnce
            key={create.data.api_key}
            label={t('keys.new.done')}
            value={create.data.api_key}
            copyLabel={t('keys.new.copy')}
            copiedLabel={t('keys.new.copied')}
            note={t('keys.new.once')}
          />
        )}
      </section>
      <section className="panel" aria-labelledby={gophishId}>
        <h2 id={gophishId}>{t('keys.gophish.title')}</h2>
        <p>{t('keys.gophish.text', { address: window.location.origin })}</p>
      </section>
      {confirm && (
        <ConfirmDialog
          title={t('keys.confirmTitle')}
          message={t('keys.confirm', { prefix: confirm })}
          confirmLabel={t('keys.revoke')}
          pending={revoke.isPending}
          error={revoke.error}
          onClose={() => setConfirm(undefined)}
          onConfirm={() => revoke.mutate(confirm, { onSuccess: () => setConfirm(undefined) })}
        />
      )}
    </>
  );
}
