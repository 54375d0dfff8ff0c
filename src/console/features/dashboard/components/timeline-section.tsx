/** Clicks over time since sending, the first click and the median time to click. */
import type { Dashboard } from '../../../../shared/dashboard';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useResultsT } from '../../../lib/use-results-t';
import { VerticalBars } from './bar-chart';

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${(seconds / 60).toFixed(1)} min`;
  if (seconds < 172_800) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

export function TimelineSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  const { timeline } = dashboard;
  const unit = t(
    `timeline.per.${timeline.bucket_seconds === 60 ? 'minute' : timeline.bucket_seconds === 3600 ? 'hour' : 'day'}`,
  );
  const short = (iso: string) =>
    timeline.bucket_seconds === 86_400
      ? iso.slice(0, 10)
      : iso.slice(timeline.bucket_seconds === 60 ? 11 : 5, 16).replace('T', ' ');
  const bars = timeline.buckets.map((b) => ({ key: b.at, label: short(b.at), value: b.clicks }));
  return (
    <section className="panel results-section" aria-labelledby="results-timeline">
      <h2 id="results-timeline">{t('timeline.title')}</h2>
      <dl className="results-facts" data-facts="timeline">
        <div>
          <dt>{t('timeline.clicks')}</dt>
          <dd data-fact="clicks" data-value={timeline.clicks}>
            {formatNumber(timeline.clicks)}
          </dd>
        </div>
        <div>
          <dt>{t('timeline.firstClick')}</dt>
          <dd>{formatDateTime(timeline.first_click_at)}</dd>
        </div>
        <div>
          <dt>{t('timeline.median')}</dt>
          <dd data-value={timeline.median_seconds_to_click ?? ''}>
            {formatDuration(timeline.median_seconds_to_click)}
          </dd>
        </div>
        <div>
          <dt>{t('timeline.start')}</dt>
          <dd>{formatDateTime(timeline.start)}</dd>
        </div>
      </dl>
      {bars.length === 0 ? (
        <p>{t('timeline.empty')}</p>
      ) : (
        <>
          <VerticalBars bars={bars} label={t('timeline.chart', { unit })} />
          <details className="results-details">
            <summary>{t('timeline.table')}</summary>
            <div className="table-wrap">
              <table className="table" data-table="timeline">
                <caption>{t('timeline.caption', { unit })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('timeline.from')}</th>
                    <th scope="col">{t('timeline.clicks')}</th>
                  </tr>
                </thead>
                <tbody>
                  {timeline.buckets.map((b) => (
                    <tr key={b.at}>
                      <th scope="row">{formatDateTime(b.at)}</th>
                      <td data-value={b.clicks}>{b.clicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
