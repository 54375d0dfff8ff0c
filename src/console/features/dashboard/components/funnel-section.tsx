/** The funnel: recipients → visited → clicked (people) → entered data → each learning step → completed. */
import type { Dashboard } from '@shared/dashboard';
import { formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { percent } from '../lib/csv';
import { HorizontalBars } from './bar-chart';

export function FunnelSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  const bars = dashboard.funnel.map((s) => ({ key: s.stage, label: t(`stage.${s.stage}`), value: s.count }));
  return (
    <section className="panel results-section" aria-labelledby="results-funnel">
      <h2 id="results-funnel">{t('funnel.title')}</h2>
      <div className="results-split">
        <HorizontalBars bars={bars} label={t('funnel.chart')} />
        <div className="table-wrap">
          <table className="table" data-table="funnel">
            <caption>{t('funnel.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funnel.stage')}</th>
                <th scope="col">{t('common.count')}</th>
                <th scope="col">{t('common.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.funnel.map((s) => (
                <tr key={s.stage} data-stage={s.stage}>
                  <th scope="row">{t(`stage.${s.stage}`)}</th>
                  <td data-value={s.count}>{formatNumber(s.count)}</td>
                  <td>{percent(s.rate)}</td>
                </tr>
              ))}
              <tr data-stage="submit_attempted">
                <th scope="row">{t('stage.submit_attempted')}</th>
                <td data-value={dashboard.submit_attempted}>{formatNumber(dashboard.submit_attempted)}</td>
                <td />
              </tr>
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
