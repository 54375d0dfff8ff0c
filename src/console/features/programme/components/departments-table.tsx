/**
 * The period per department: every department on screen; in the printed report, departments
 * of fewer than five people merged into "Other departments" (lib/print-departments.ts).
 */
import type { ProgrammeDepartment } from '@shared/programme';
import { formatNumber } from '@console/lib/format';
import { useProgrammeT } from '@console/hooks/use-programme-t';
import { formatRate } from '../lib/format-programme';
import type { PrintedDepartment } from '../lib/print-departments';
import { minutesText } from './figures-tables';

export function DepartmentsTable({
  departments,
  caption,
  table,
}: {
  departments: readonly (ProgrammeDepartment | PrintedDepartment)[];
  caption: string;
  table: string;
}) {
  const { t } = useProgrammeT();
  const name = (d: ProgrammeDepartment | PrintedDepartment) =>
    d.department === null
      ? t('programme.noDepartment')
      : typeof d.department === 'string'
        ? d.department
        : t('programme.otherDepartments');
  return (
    // Scrolls sideways on a phone: a named region the keyboard can reach (axe asks for it).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table" data-table={table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('programme.department')}</th>
            <th scope="col">{t('programme.people')}</th>
            <th scope="col">{t('programme.sent')}</th>
            <th scope="col">{t('programme.clickRate')}</th>
            <th scope="col">{t('programme.submitRate')}</th>
            <th scope="col">{t('programme.reportRate')}</th>
            <th scope="col">{t('programme.medianReport')}</th>
          </tr>
        </thead>
        <tbody>
          {departments.map((d) => (
            <tr
              key={
                typeof d.department === 'object' && d.department !== null
                  ? '\u0000other'
                  : (d.department ?? '')
              }
            >
              <th scope="row">{name(d)}</th>
              <td>{formatNumber(d.people)}</td>
              <td>{formatNumber(d.sent)}</td>
              <td>{formatRate(d.click_rate)}</td>
              <td>{formatRate(d.submit_rate)}</td>
              <td>{formatRate(d.report_rate)}</td>
              <td>{minutesText(d.median_minutes_to_report)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
