/** /trends: every launched campaign side by side, oldest first, so a team sees whether training works. */
import { Link } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { useTrends } from '../api/dashboard';
import { percent } from '../lib/csv';
import { HorizontalBars } from './bar-chart';
import './dashboard.css';

export function TrendsPage() {
  const { t } = useResultsT();
  const trends = useTrends();
  const campaigns = trends.data?.campaigns ?? [];
  // A campaign without a recorded send has no rates: it is listed, never drawn at 0 %.
  const sent = campaigns.filter((c) => c.click_rate !== null);
  return (
    <div className="results">
      <PageHeading>{t('trends.title')}</PageHeading>
      <ErrorAlert error={trends.error} />
      {trends.isPending && <p role="status">{t('common.loading')}</p>}
      {trends.data && campaigns.length === 0 && <p>{t('trends.empty')}</p>}
      {campaigns.length > 0 && (
        <section className="panel results-section" aria-labelledby="trends-chart">
          <h2 id="trends-chart">{t('trends.clickRate')}</h2>
          <HorizontalBars
            label={t('trends.chart')}
            bars={sent.map((c) => ({
              key: c.id,
              label: c.name.slice(0, 24),
              value: Math.round((c.click_rate ?? 0) * 1000) / 10,
            }))}
          />
          <div className="table-wrap">
            <table className="table" data-table="trends">
              <caption>{t('trends.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('trends.campaign')}</th>
                  <th scope="col">{t('trends.started')}</th>
                  <th scope="col">{t('stage.recipients')}</th>
                  <th scope="col">{t('stage.sent')}</th>
                  <th scope="col">{t('trends.clickRate')}</th>
                  <th scope="col">{t('trends.enteredData')}</th>
                  <th scope="col">{t('trends.completion')}</th>
                  <th scope="col">{t('score.average')}</th>
                </tr>
              </thead>
              <tbody>
                {campaigns.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={`/campaigns/${c.id}/results`}>{c.name}</Link>
                    </th>
                    <td>{formatDateTime(c.started_at)}</td>
                    <td>{formatNumber(c.recipients)}</td>
                    <td data-value={c.sent}>{c.sent === 0 ? t('trends.notSent') : formatNumber(c.sent)}</td>
                    <td data-value={c.click_rate ?? ''}>{percent(c.click_rate) || '—'}</td>
                    <td>{percent(c.entered_data_rate) || '—'}</td>
                    <td>{percent(c.completion_rate) || '—'}</td>
                    <td>{c.average_score ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
