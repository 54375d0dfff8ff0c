/**
 * /programme: the awareness programme month by month — click, submit and report rates as lines
 * and a table, the median time to report, the difficulty of what was sent, and the departments —
 * with a department filter. "Print report" opens the browser's print of a management report
 * (programme.css's print styles) that holds counts and rates only, small departments merged.
 */
import { useId, useState } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { PageHeading } from '@console/components/page-heading';
import { formatNumber } from '@console/lib/format';
import { useProgrammeT } from '@console/hooks/use-programme-t';
import { useProgrammeReport } from '../api/programme';
import { defaultPeriod, formatMonth, formatRate } from '../lib/format-programme';
import { PRINT_MIN_PEOPLE, printedDepartments } from '../lib/print-departments';
import { DepartmentsTable } from './departments-table';
import { DifficultyTable, MonthsTable, minutesText } from './figures-tables';
import { RateChart } from './rate-chart';
import './programme.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function ProgrammePage() {
  const { t } = useProgrammeT();
  const id = useId();
  const [period, setPeriod] = useState(defaultPeriod);
  const [department, setDepartment] = useState('');
  const valid = MONTH.test(period.from) && MONTH.test(period.to) && period.from <= period.to;
  const query = valid ? { ...period, ...(department && { department }) } : defaultPeriod();
  const report = useProgrammeReport(query);
  // The department choices: every department of the period, whichever one is shown.
  const everyone = useProgrammeReport(valid ? period : defaultPeriod());
  const data = report.data;
  const sent = data && data.totals.sent > 0;
  return (
    <div className="programme">
      <PageHeading
        actions={
          <button type="button" className="button" onClick={() => window.print()} disabled={!sent}>
            {t('programme.print')}
          </button>
        }
      >
        {t('programme.title')}
      </PageHeading>
      <p className="muted no-print">{t('programme.intro')}</p>
      <form
        className="programme__filters no-print"
        aria-label={t('programme.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('programme.from')}</label>
          <input
            id={`${id}-from`}
            type="month"
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('programme.to')}</label>
          <input
            id={`${id}-to`}
            type="month"
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-department`}>{t('programme.department')}</label>
          <select id={`${id}-department`} value={department} onChange={(e) => setDepartment(e.target.value)}>
            <option value="">{t('programme.allDepartments')}</option>
            {everyone.data?.departments.flatMap((d) =>
              d.department === null
                ? []
                : [
                    <option key={d.department} value={d.department}>
                      {d.department}
                    </option>,
                  ],
            )}
          </select>
        </div>
      </form>
      {!valid && (
        <p role="alert" className="programme__invalid">
          {t('programme.invalidPeriod')}
        </p>
      )}
      <p className="muted">{t('programme.monthsBy')}</p>
      <ErrorAlert error={report.error} />
      {report.isPending && <p role="status">{t('programme.loading')}</p>}
      {data && (
        <>
          <section className="print-only programme__print-head" aria-hidden="true">
            <p className="programme__print-title">{t('print.title')}</p>
            <p>{t('print.period', { from: formatMonth(data.from), to: formatMonth(data.to) })}</p>
            {data.department && <p>{t('print.scope', { department: data.department })}</p>}
            <p>{t('print.privacy')}</p>
          </section>
          <section className="panel programme__section" aria-labelledby={`${id}-totals`}>
            <h2 id={`${id}-totals`}>{t('programme.total')}</h2>
            <dl className="programme__totals">
              <div>
                <dt>{t('programme.people')}</dt>
                <dd>{formatNumber(data.totals.people)}</dd>
              </div>
              <div>
                <dt>{t('programme.sent')}</dt>
                <dd>{formatNumber(data.totals.sent)}</dd>
              </div>
              <div>
                <dt>{t('programme.clickRate')}</dt>
                <dd>{formatRate(data.totals.click_rate)}</dd>
              </div>
              <div>
                <dt>{t('programme.submitRate')}</dt>
                <dd>{formatRate(data.totals.submit_rate)}</dd>
              </div>
              <div>
                <dt>{t('programme.reportRate')}</dt>
                <dd>{formatRate(data.totals.report_rate)}</dd>
              </div>
              <div>
                <dt>{t('programme.medianReport')}</dt>
                <dd>{minutesText(data.totals.median_minutes_to_report)}</dd>
              </div>
            </dl>
          </section>
          {!sent && <p>{t('programme.empty')}</p>}
          {sent && (
            <>
              <section className="panel programme__section" aria-labelledby={`${id}-months`}>
                <h2 id={`${id}-months`}>{t('programme.chartTitle')}</h2>
                <RateChart months={data.months} />
                <MonthsTable months={data.months} />
              </section>
              <section className="panel programme__section" aria-labelledby={`${id}-difficulty`}>
                <h2 id={`${id}-difficulty`}>{t('programme.difficultyTitle')}</h2>
                <p className="muted">{t('programme.difficultyIntro')}</p>
                <DifficultyTable months={data.months} />
              </section>
              <section className="panel programme__section" aria-labelledby={`${id}-departments`}>
                <h2 id={`${id}-departments`}>{t('programme.departmentsTitle')}</h2>
                <div className="no-print">
                  <DepartmentsTable
                    departments={data.departments}
                    caption={t('programme.departmentsCaption')}
                    table="departments"
                  />
                </div>
                <div className="print-only">
                  <p>{t('print.merged', { number: PRINT_MIN_PEOPLE })}</p>
                  <DepartmentsTable
                    departments={printedDepartments(data.departments)}
                    caption={t('programme.departmentsCaption')}
                    table="printed-departments"
                  />
                </div>
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
