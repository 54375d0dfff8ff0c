/**
 * `hookwise programme report` on the real binary and a database of its own: two months of sends
 * made with the commands (a campaign ended, one noted as a library scenario), reports credited
 * at known times, and the report as a table, JSON and spreadsheet-safe CSV.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { noteCampaignScenario } from '../modules/programme/programme.service';
import { creditReportedMessage } from '../modules/report-button/report-button.service';
import { cliSandbox } from '../test/cli-sandbox';

const sandbox = cliSandbox('programme-cli');
const hookwise = (...args: string[]) => sandbox.hookwise(...args);
const campaignJson = JSON.stringify({
  name: 'Quarterly test',
  language_code: 'en',
  phishing: { brand: 'Northwind' },
  awareness: { content: 'This was a simulated phishing exercise.' },
});

function campaignWith(tenantId: string, csv: string) {
  const id = (
    JSON.parse(
      hookwise(
        'campaign',
        'import',
        sandbox.file('campaign.json', campaignJson),
        '--tenant',
        tenantId,
        '--json',
      ),
    ) as {
      id: string;
    }
  ).id;
  hookwise('recipients', 'import', '--campaign', id, sandbox.file('people.csv', csv));
  const links = JSON.parse(hookwise('links', id, '--json')) as { email: string; rid: string }[];
  return { id, rid: (email: string) => links.find((l) => l.email === email)!.rid };
}

describe('hookwise programme report', () => {
  it(
    'prints the months, the departments and the totals as a table, JSON and CSV',
    { timeout: 90_000 },
    async () => {
      const tenantId = (
        JSON.parse(hookwise('tenant', 'create', 'Programme', '--json')) as { tenant_id: string }
      ).tenant_id;
      const march = campaignWith(
        tenantId,
        'email,department,sent_at\nann@example.com,=Finance,2026-03-02T09:00:00Z\nbob@example.com,Sales,2026-03-02T09:00:00Z\n',
      );
      hookwise('campaign', 'end', march.id);
      const april = campaignWith(
        tenantId,
        'email,department,sent_at\nann@example.com,=Finance,2026-04-06T09:00:00Z\nbob@example.com,Sales,2026-04-06T09:00:00Z\n',
      );
      const database = openDatabase(sandbox.databaseUrl);
      try {
        const { db } = database;
        await noteCampaignScenario(db, tenantId, april.id, {
          scenario_id: 'voicemail',
          difficulty: 3,
          lure: 'voicemail',
        });
        const credit = (rid: string, at: string) =>
          creditReportedMessage(db, tenantId, { rids: [rid], messageIds: [] }, at);
        await credit(march.rid('bob@example.com'), '2026-03-02T09:40:00.000Z');
        await credit(april.rid('ann@example.com'), '2026-04-06T09:05:00.000Z');
        await credit(april.rid('bob@example.com'), '2026-04-06T09:15:00.000Z');
      } finally {
        await database.close();
      }

      const table = hookwise(
        'programme',
        'report',
        '--tenant',
        tenantId,
        '--from',
        '2026-03',
        '--to',
        '2026-04',
      );
      expect(table).toContain('Programme 2026-03 to 2026-04');
      expect(table).toContain('Months are counted by when each message was sent (UTC).');
      expect(table).toMatch(/^2026-03\s+2\s+0\.0 %\s+0\.0 %\s+50\.0 %\s+40\s+1:0 2:0 3:0 4:0 5:0 \?:2$/m);
      expect(table).toMatch(/^2026-04\s+2\s+0\.0 %\s+0\.0 %\s+100\.0 %\s+10\s+1:0 2:0 3:2 4:0 5:0 \?:0$/m);
      expect(table).toMatch(/^Total: 2 people, 4 sent, click 0\.0 %, report 75\.0 %$/m);

      const json = JSON.parse(
        hookwise(
          'programme',
          'report',
          '--tenant',
          tenantId,
          '--from',
          '2026-03',
          '--to',
          '2026-04',
          '--department',
          'Sales',
          '--json',
        ),
      ) as {
        department: string;
        totals: { sent: number; reported: number; median_minutes_to_report: number };
      };
      // Bob reported after 40 minutes in March and 15 in April.
      expect(json).toMatchObject({
        department: 'Sales',
        totals: { sent: 2, reported: 2, median_minutes_to_report: 27.5 },
      });

      const csv = hookwise(
        'programme',
        'report',
        '--tenant',
        tenantId,
        '--from',
        '2026-03',
        '--to',
        '2026-04',
        '--csv',
      );
      const rows = parse<Record<string, string>>(csv, { columns: true });
      expect(rows.map((r) => [r.row, r.month || r.department])).toEqual([
        ['month', '2026-03'],
        ['month', '2026-04'],
        ['department', "'=Finance"],
        ['department', 'Sales'],
        ['total', ''],
      ]);
      expect(rows[1]).toMatchObject({ sent: '2', reported: '2', report_rate: '1', difficulty_3: '2' });

      expect(() => hookwise('programme', 'report', '--tenant', tenantId, '--from', '2026-13')).toThrow(
        /--from: a month as YYYY-MM/,
      );
    },
  );
});
