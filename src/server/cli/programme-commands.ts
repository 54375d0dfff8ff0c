/**
 * `hookwise programme report`: the programme report (the same service as
 * GET /api/admin/programme/report) as a table, one JSON document (--json) or a spreadsheet-safe
 * CSV (--csv).
 */
import type { Command } from 'commander';
import { programmeQuerySchema, type ProgrammeFigures } from '@shared/programme';
import { programmeCsv } from '../modules/programme/programme-csv';
import { programmeReport } from '../modules/programme/programme.service';
import { requireTenant } from '../modules/tenants/tenants.service';
import { withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

interface ReportOptions {
  tenant: string;
  from?: string;
  to?: string;
  department?: string;
  json?: boolean;
  csv?: boolean;
}

const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)} %`);

const readable = (f: ProgrammeFigures) => ({
  sent: f.sent,
  click_rate: percent(f.click_rate),
  submit_rate: percent(f.submit_rate),
  report_rate: percent(f.report_rate),
  median_min_to_report: f.median_minutes_to_report ?? '-',
});

export function addProgrammeCommands(program: Command): void {
  const programme = program.command('programme').description("a tenant's awareness programme over months");

  programme
    .command('report')
    .description('click, submit and report rates by month of sending (UTC) and per department')
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--from <month>', 'first month, YYYY-MM (default: eleven months before --to)')
    .option('--to <month>', 'last month, YYYY-MM, included (default: this month)')
    .option('--department <name>', "only this department's people")
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (safe to open in a spreadsheet)')
    .action((options: ReportOptions) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, options.tenant);
        const parsed = programmeQuerySchema.safeParse({
          from: options.from,
          to: options.to,
          department: options.department,
        });
        if (!parsed.success) {
          throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
        }
        const report = await programmeReport(db, options.tenant, parsed.data);
        if (options.csv) return write(programmeCsv(report));
        output(options, report, () =>
          [
            `Programme ${report.from} to ${report.to}${report.department ? `, department ${report.department}` : ''}`,
            'Months are counted by when each message was sent (UTC).',
            '',
            formatTable(
              report.months.map((m) => ({
                month: m.month,
                ...readable(m),
                difficulty: `1:${m.difficulty['1']} 2:${m.difficulty['2']} 3:${m.difficulty['3']} 4:${m.difficulty['4']} 5:${m.difficulty['5']} ?:${m.difficulty.unknown}`,
              })),
            ),
            formatTable(
              report.departments.map((d) => ({
                department: d.department ?? '(no department)',
                people: d.people,
                ...readable(d),
              })),
            ),
            `Total: ${report.totals.people} people, ${report.totals.sent} sent, click ${percent(report.totals.click_rate)}, ` +
              `report ${percent(report.totals.report_rate)}\n`,
          ].join('\n'),
        );
      }),
    );
}
