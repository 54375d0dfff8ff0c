/** The programme's tables: the months (rates and the median time to report) and the difficulty mix. */
import { DIFFICULTY_MIX_KEYS, type DifficultyMixKey, type ProgrammeMonth } from '@shared/programme';
import i18next from 'i18next';
import { formatNumber } from '@console/lib/format';
import { useProgrammeT, type ProgrammeT } from '@console/hooks/use-programme-t';
import { formatMonth, formatRate } from '../lib/format-programme';

/** A median time to report in the unit that reads best: minutes, hours, then days (Intl's words). */
export function minutesText(minutes: number | null): string {
  if (minutes === null) return '—';
  const [value, unit] =
    minutes < 120
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [minutes / 60, 'hour']
        : [minutes / 1440, 'day'];
  return new Intl.NumberFormat(i18next.language || 'en', {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(value);
}

export function MonthsTable({ months }: { months: readonly ProgrammeMonth[] }) {
  const { t } = useProgrammeT();
  return (
    // Scrolls sideways on a phone: a named region the keyboard can reach (axe asks for it).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={t('programme.monthsCaption')} tabIndex={0}>
      <table className="table" data-table="months">
        <caption>{t('programme.monthsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('programme.month')}</th>
            <th scope="col">{t('programme.sent')}</th>
            <th scope="col">{t('programme.clickRate')}</th>
            <th scope="col">{t('programme.submitRate')}</th>
            <th scope="col">{t('programme.reportRate')}</th>
            <th scope="col">{t('programme.medianReport')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td>{formatNumber(m.sent)}</td>
              <td>{formatRate(m.click_rate)}</td>
              <td>{formatRate(m.submit_rate)}</td>
              <td>{formatRate(m.report_rate)}</td>
              <td>{minutesText(m.median_minutes_to_report)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function levelName(t: ProgrammeT, key: DifficultyMixKey): string {
  return key === 'unknown' ? t('programme.unknownLevel') : t('programme.level', { level: key });
}

export function DifficultyTable({ months }: { months: readonly ProgrammeMonth[] }) {
  const { t } = useProgrammeT();
  return (
    // Scrolls sideways on a phone: a named region the keyboard can reach (axe asks for it).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={t('programme.difficultyCaption')} tabIndex={0}>
      <table className="table" data-table="difficulty">
        <caption>{t('programme.difficultyCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('programme.month')}</th>
            {DIFFICULTY_MIX_KEYS.map((key) => (
              <th scope="col" key={key}>
                {levelName(t, key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              {DIFFICULTY_MIX_KEYS.map((key) => (
                <td key={key}>{formatNumber(m.difficulty[key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
