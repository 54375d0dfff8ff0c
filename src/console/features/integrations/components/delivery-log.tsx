/** The delivery log: each event sent to each endpoint, its state in words, its tries, and "Send again". */
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useIntegrationsT } from '@console/hooks/use-integrations-t';
import { useT } from '@console/hooks/use-t';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useDeliveries, useRedeliver, type Delivery } from '../api/webhooks';

export function DeliveryLog() {
  const { t } = useIntegrationsT();
  const { t: tc } = useT();
  const deliveries = useDeliveries();
  const redeliver = useRedeliver();

  const why = (d: Delivery) => {
    if (d.state === 'delivered' || d.attempts === 0 || d.last_error === null) return null;
    return d.last_status === null ? t('log.why.unreachable') : t('log.why.status');
  };

  return (
    <section className="panel" aria-labelledby="integrations-log">
      <h2 id="integrations-log">{t('log.title')}</h2>
      <button
        type="button"
        className="button button--small"
        disabled={deliveries.isFetching}
        onClick={() => void deliveries.refetch()}
      >
        {t('log.refresh')}
      </button>
      <ErrorAlert error={deliveries.error ?? redeliver.error} />
      {redeliver.isSuccess && <Notice tone="success">{t('log.queuedAgain')}</Notice>}
      {deliveries.isPending && <p role="status">{tc('loading')}</p>}
      {deliveries.data?.length === 0 && <p>{t('log.none')}</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-table="deliveries">
            <caption>{t('log.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('log.col.event')}</th>
                <th scope="col">{t('log.col.endpoint')}</th>
                <th scope="col">{t('log.col.state')}</th>
                <th scope="col">{t('log.col.attempts')}</th>
                <th scope="col">{t('log.col.next')}</th>
                <th scope="col">{t('log.col.created')}</th>
                <th scope="col">{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{t(`event.${d.event_type}`)}</th>
                  <td className="integrations__address">{d.endpoint_url}</td>
                  <td>
                    {t(`log.state.${d.state}`)}
                    {why(d) && <span className="muted integrations__why"> {why(d)}</span>}
                  </td>
                  <td>{formatNumber(d.attempts)}</td>
                  <td>{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—'}</td>
                  <td>{formatDateTime(d.created_at)}</td>
                  <td>
                    {(d.state === 'delivered' || d.state === 'failed') && (
                      <button
                        type="button"
                        className="button button--small"
                        disabled={redeliver.isPending}
                        aria-label={t('log.sendAgainFor', {
                          event: t(`event.${d.event_type}`),
                          address: d.endpoint_url,
                        })}
                        onClick={() => redeliver.mutate(d.id)}
                      >
                        {t('log.sendAgain')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
