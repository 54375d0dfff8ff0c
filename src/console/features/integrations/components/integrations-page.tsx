/**
 * /integrations (owners): where the tenant's campaign events go (signed webhooks, syslog for a
 * SIEM), an endpoint added with its event filter (the signing secret shown once), switched off
 * and on or removed, and the delivery log with "Send again" (docs/webhooks.md).
 */
import { useState } from 'react';
import { ConfirmDialog } from '@console/components/confirm-dialog';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { useIntegrationsT } from '@console/hooks/use-integrations-t';
import { useT } from '@console/hooks/use-t';
import { useChangeEndpoint, useEndpoints, useRemoveEndpoint, type Endpoint } from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { EndpointForm } from './endpoint-form';
import './integrations-page.css';

export function IntegrationsPage() {
  const { t } = useIntegrationsT();
  const { t: tc } = useT();
  const endpoints = useEndpoints();
  const change = useChangeEndpoint();
  const remove = useRemoveEndpoint();
  const [removing, setRemoving] = useState<Endpoint>();
  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <p className="muted">{t('intro')}</p>
      <section className="panel" aria-labelledby="integrations-endpoints">
        <h2 id="integrations-endpoints">{t('endpoints.title')}</h2>
        <ErrorAlert error={endpoints.error ?? change.error} />
        {endpoints.isPending && <p role="status">{tc('loading')}</p>}
        {endpoints.data?.length === 0 && <p>{t('endpoints.none')}</p>}
        {endpoints.data && endpoints.data.length > 0 && (
          <div className="table-wrap">
            <table className="table" data-table="endpoints">
              <caption>{t('endpoints.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.address')}</th>
                  <th scope="col">{t('col.kind')}</th>
                  <th scope="col">{t('col.events')}</th>
                  <th scope="col">{t('col.state')}</th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {endpoints.data.map((endpoint) => (
                  <tr key={endpoint.id}>
                    <th scope="row" className="integrations__address">
                      {endpoint.url}
                      {endpoint.description && <span className="muted"> {endpoint.description}</span>}
                    </th>
                    <td>{t(`kind.${endpoint.kind}`)}</td>
                    <td>
                      <ul className="integrations__events">
                        {endpoint.events.map((event) => (
                          <li key={event}>{t(`event.${event}`)}</li>
                        ))}
                      </ul>
                    </td>
                    <td>{endpoint.enabled ? t('state.on') : t('state.off')}</td>
                    <td className="integrations__actions">
                      <button
                        type="button"
                        className="button button--small"
                        disabled={change.isPending}
                        aria-label={t(endpoint.enabled ? 'action.turnOffFor' : 'action.turnOnFor', {
                          address: endpoint.url,
                        })}
                        onClick={() =>
                          change.mutate({ id: endpoint.id, change: { enabled: !endpoint.enabled } })
                        }
                      >
                        {endpoint.enabled ? t('action.turnOff') : t('action.turnOn')}
                      </button>
                      <button
                        type="button"
                        className="button button--small button--danger"
                        aria-label={t('action.removeFor', { address: endpoint.url })}
                        onClick={() => setRemoving(endpoint)}
                      >
                        {t('action.remove')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <EndpointForm />
      <DeliveryLog />
      {removing && (
        <ConfirmDialog
          title={t('confirm.title')}
          message={t('confirm.message', { address: removing.url })}
          confirmLabel={t('action.remove')}
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setRemoving(undefined)}
          onConfirm={() => remove.mutate(removing.id, { onSuccess: () => setRemoving(undefined) })}
        />
      )}
    </>
  );
}
