/**
 * Every CSV the command line writes is safe to open in a spreadsheet: names a recipient list
 * brings in (text someone else chose) come out as text, never as a formula that runs.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { campaignFile } from '../test/admin-fixtures';
import { cliSandbox } from '../test/cli-sandbox';

const { hookwise, file } = cliSandbox('csv');

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+cmd|calc', '-2+3', '@SUM(A1)'];

describe('CSV exports of the command line', () => {
  it('writes names that start like a formula as text in results --csv and links --csv', () => {
    const tenant = JSON.parse(hookwise('tenant', 'create', 'Acme', '--json')) as { tenant_id: string };
    const campaign = JSON.parse(
      hookwise(
        'campaign',
        'import',
        file('campaign.json', JSON.stringify(campaignFile({ name: 'Payroll' }))),
        '--tenant',
        tenant.tenant_id,
        '--json',
      ),
    ) as { id: string };
    const rows = HOSTILE.map((name, i) => `p${i}@example.com,"${name.replace(/"/g, '""')}"`);
    hookwise(
      'recipients',
      'import',
      file('people.csv', ['email,first_name', ...rows].join('\n')),
      '--campaign',
      campaign.id,
    );

    for (const args of [
      ['links', campaign.id, '--csv'],
      ['results', campaign.id, '--csv'],
    ]) {
      const text = hookwise(...args);
      const names = parse<Record<string, string>>(text, { columns: true }).map((r) => r.first_name);
      expect(names).toEqual(HOSTILE.map((name) => `'${name}`));
      // No cell of the file starts with a formula character.
      for (const record of parse(text, { columns: false }) satisfies string[][])
        for (const cell of record) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });
});
