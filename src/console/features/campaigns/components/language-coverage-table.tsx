/**
 * Recipients per language and how much of the campaign's text exists in that language. A
 * language short of text is flagged in words, not colour only: those recipients would get
 * parts of the campaign in the default language.
 */
import { useT } from '@console/hooks/use-t';
import type { LanguageCoverage } from '@shared/admin-api';
import { LANGUAGES } from '@shared/languages';
import { formatNumber } from '@console/lib/format';

export const isIncomplete = (row: LanguageCoverage) => row.translated < row.total;

export function LanguageCoverageTable({ languages }: { languages: LanguageCoverage[] }) {
  const { t } = useT();
  if (languages.length === 0) return <p className="muted">{t('coverage.none')}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{t('coverage.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('coverage.language')}</th>
            <th scope="col" className="number">
              {t('coverage.recipients')}
            </th>
            <th scope="col">{t('coverage.texts')}</th>
          </tr>
        </thead>
        <tbody>
          {languages.map((row) => (
            <tr key={row.language}>
              <th scope="row">{LANGUAGES[row.language].name}</th>
              <td className="number">{formatNumber(row.recipients)}</td>
              <td className={isIncomplete(row) ? 'coverage--incomplete' : undefined}>
                {isIncomplete(row) && <span aria-hidden="true">⚠ </span>}
                {t(isIncomplete(row) ? 'coverage.incomplete' : 'coverage.complete', {
                  translated: formatNumber(row.translated),
                  total: formatNumber(row.total),
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
