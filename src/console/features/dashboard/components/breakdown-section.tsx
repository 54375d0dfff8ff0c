/** Results by language and by department, and the pass rate with badges. */
import type { Dashboard, GroupStats } from '@shared/dashboard';
import { LANGUAGES, isLanguageCode } from '@shared/languages';
import { formatNumber } from '@console/lib/format';
import { useResultsT } from '@console/hooks/use-results-t';
import { percent } from '../lib/csv';

function GroupTable({
  rows,
  caption,
  name,
  label,
}: {
  rows: GroupStats[];
  caption: string;
  name: string;
  label: (key: string | null) => string;
}) {
  const { t } = useResultsT();
  const rate = (part: number, whole: number) => percent(whole === 0 ? null : part / whole);
  return (
    // Scrolls sideways on a phone: a named region the keyboard can reach and scroll (axe's
    // scrollable-region-focusable asks for exactly this).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table" data-table={name}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`breakdown.${name === 'language' ? 'language' : 'department'}`)}</th>
            <th scope="col">{t('stage.recipients')}</th>
            <th scope="col">{t('stage.clicked')}</th>
            <th scope="col">{t('stage.submitted')}</th>
            <th scope="col">{t('stage.completed')}</th>
            <th scope="col">{t('score.average')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key ?? '∅'}>
              <th scope="row">{label(row.key)}</th>
              <td>{formatNumber(row.recipients)}</td>
              <td>
                {formatNumber(row.clicked)} ({rate(row.clicked, row.recipients)})
              </td>
              <td>
                {formatNumber(row.submitted)} ({rate(row.submitted, row.recipients)})
              </td>
              <td>
                {formatNumber(row.completed)} ({rate(row.completed, row.recipients)})
              </td>
              <td>{row.average_score ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BreakdownSection({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useResultsT();
  const { score } = dashboard;
  return (
    <>
      <section className="panel results-section" aria-labelledby="results-score">
        <h2 id="results-score">{t('score.title')}</h2>
        <dl className="results-facts" data-facts="score">
          <div>
            <dt>{t('score.average')}</dt>
            <dd data-value={score.average ?? ''}>{score.average ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('score.passRate', { mark: score.pass_mark })}</dt>
            <dd data-value={score.passed}>
              {percent(score.pass_rate) || '—'} (
              {t('score.passedOf', { passed: score.passed, scored: score.scored })})
            </dd>
          </div>
          {score.badges.map((badge) => (
            <div key={badge.id}>
              <dt dir="auto">{t('score.badge', { name: badge.name, min: badge.min_score })}</dt>
              <dd data-value={badge.earned}>{formatNumber(badge.earned)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="panel results-section" aria-labelledby="results-breakdowns">
        <h2 id="results-breakdowns">{t('breakdown.title')}</h2>
        <GroupTable
          rows={dashboard.breakdowns.language}
          caption={t('breakdown.byLanguage')}
          name="language"
          label={(key) => (isLanguageCode(key) ? LANGUAGES[key].name : t('breakdown.none'))}
        />
        <GroupTable
          rows={dashboard.breakdowns.department}
          caption={t('breakdown.byDepartment')}
          name="department"
          label={(key) => key ?? t('breakdown.none')}
        />
      </section>
    </>
  );
}
