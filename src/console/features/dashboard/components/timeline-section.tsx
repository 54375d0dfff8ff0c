/**
 * Clicks and reports over time since sending: the first click, the median time to click, how
 * many reported the message and the median time to report (where the send time is known).
 */
import type { Dashboard } from '@shared/dashboard';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useResultsT, type ResultsKey } from '@console/hooks/use-results-t';
import { VerticalBars } from './bar-chart';

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${(seconds / 60).toFixed(1)} min`;
  if (seconds < 172_800) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

function Fact({
  label,
  value,
  fact,
  children,
}: {
  label: string;
  value?: number | null;
  fact?: string;
  children: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-fact={fact} data-value={value === undefined ? undefined : (value ?? '')}>
        {children}
      </dd>
    </div>
  );
}

export function TimelineSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  const { timeline } = dashboard;
  const per: ResultsKey = `timeline.per.${timeline.bucket_seconds === 60 ? 'minute' : timeline.bucket_seconds === 3600 ? 'hour' : 'day'}`;
  const unit = t(per);
  const short = (iso: string) =>
    timeline.bucket_seconds === 86_400
      ? iso.slice(0, 10)
      : iso.slice(timeline.bucket_seconds === 60 ? 11 : 5, 16).replace('T', ' ');
  const bars = (pick: (b: Dashboard['timeline']['buckets'][number]) => number) =>
    timeline.buckets.map((b) => ({ key: b.at, label: short(b.at), value: pick(b) }));
  return (
    <section className="panel results-section" aria-labelledby="results-timeline">
      <h2 id="results-timeline">{t('timeline.title')}</h2>
      <dl className="results-facts" data-facts="timeline">
        <Fact label={t('timeline.clicks')} fact="clicks" value={timeline.clicks}>
          {formatNumber(timeline.clicks)}
        </Fact>
        <Fact label={t('timeline.firstClick')}>{formatDateTime(timeline.first_click_at)}</Fact>
        <Fact label={t('timeline.median')} fact="median-click" value={timeline.median_seconds_to_click}>
          {formatDuration(timeline.median_seconds_to_click)}
        </Fact>
        <Fact label={t('timeline.reports')} fact="reports" value={timeline.reports}>
          {formatNumber(timeline.reports)}
        </Fact>
        <Fact label={t('timeline.firstReport')}>{formatDateTime(timeline.first_report_at)}</Fact>
        <Fact
          label={t('timeline.medianReport')}
          fact="median-report"
          value={timeline.median_seconds_to_report}
        >
          {formatDuration(timeline.median_seconds_to_report)}
        </Fact>
        {/* A recorded send only (outbox or imported sent_at): a launch sends nothing. */}
        <Fact label={t('timeline.start')} fact="sent">
          {timeline.first_sent_at === null ? t('timeline.notSent') : formatDateTime(timeline.first_sent_at)}
        </Fact>
      </dl>
      {timeline.buckets.length === 0 ? (
        <p>{t('timeline.empty')}</p>
      ) : (
        <>
          <VerticalBars bars={bars((b) => b.clicks)} label={t('timeline.chart', { unit })} />
          {timeline.reports > 0 && (
            <VerticalBars
              bars={bars((b) => b.reports)}
              label={t('timeline.reportsChart', { unit })}
              chart="reports"
            />
          )}
          <details className="results-details">
            <summary>{t('timeline.table')}</summary>
            <div className="table-wrap">
              <table className="table" data-table="timeline">
                <caption>{t('timeline.caption', { unit })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('timeline.from')}</th>
                    <th scope="col">{t('timeline.clicks')}</th>
                    <th scope="col">{t('timeline.reports')}</th>
                  </tr>
                </thead>
                <tbody>
                  {timeline.buckets.map((b) => (
                    <tr key={b.at}>
                      <th scope="row">{formatDateTime(b.at)}</th>
                      <td data-value={b.clicks}>{b.clicks}</td>
                      <td data-value={b.reports}>{b.reports}</td>
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
