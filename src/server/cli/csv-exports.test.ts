/**
 * Every CSV the command line writes is safe to open in a spreadsheet: names a recipient list
 * brings in (text someone else chose) come out as text, never as a formula that runs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { campaignFile } from '../test/admin-fixtures';

const exec = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-csv-'));
const env = {
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: `sqlite:${dir}/cli.db`,
  NODE_ENV: 'test',
  PUBLIC_URL: 'https://phish.example',
};
const run = async (...args: string[]) => (await exec('node', [bin, ...args], { env })).stdout;
const file = (name: string, text: string) => {
  const target = path.join(dir, name);
  writeFileSync(target, text);
  return target;
};

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+cmd|calc', '-2+3', '@SUM(A1)'];

describe('CSV exports of the command line', () => {
  it('writes names that start like a formula as text in results --csv and links --csv', async () => {
    const tenant = JSON.parse(await run('tenant', 'create', 'Acme', '--json')) as { tenant_id: string };
    const campaign = JSON.parse(
      await run(
        'campaign',
        'import',
        file('campaign.json', JSON.stringify(campaignFile({ name: 'Payroll' }))),
        '--tenant',
        tenant.tenant_id,
        '--json',
      ),
    ) as { id: string };
    const rows = HOSTILE.map((name, i) => `p${i}@example.com,"${name.replace(/"/g, '""')}"`);
    await run(
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
      const text = await run(...args);
      const names = parse<Record<string, string>>(text, { columns: true }).map((r) => r.first_name);
      expect(names).toEqual(HOSTILE.map((name) => `'${name}`));
      // No cell of the file starts with a formula character.
      for (const record of parse(text, { columns: false }) satisfies string[][])
        for (const cell of record) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });
});
