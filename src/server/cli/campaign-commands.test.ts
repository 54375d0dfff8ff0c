/**
 * Campaign commands for people at a terminal: a warning when an imported campaign is not
 * running now, `set-dates` with now and dates alone, `--version`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { dateOption } from './campaign-commands';

const exec = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-campaign-cli-'));
const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test' };
const hookwise = (...args: string[]) =>
  exec('node', [bin, ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const campaignFile = (extra: Record<string, unknown>) => {
  const file = path.join(dir, `campaign-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ name: 'C', phishing: {}, awareness: { content: 'x' }, ...extra }));
  return file;
};

// Each test starts several processes: slow on a busy machine.
describe('hookwise campaign import and set-dates', { timeout: 120_000 }, () => {
  let tenantId = '';
  beforeAll(async () => {
    tenantId = (
      JSON.parse((await hookwise('tenant', 'create', 'T', '--json')).stdout) as { tenant_id: string }
    ).tenant_id;
  });

  it('warns on stderr (and in --json) when the campaign is not running now', async () => {
    const future = await hookwise(
      'campaign',
      'import',
      campaignFile({ starts_at: '2999-01-01T00:00:00Z' }),
      '--tenant',
      tenantId,
      '--json',
    );
    expect(future.code).toBe(0);
    expect(future.stderr).toBe(
      'hookwise: warning: The campaign starts at 2999-01-01T00:00:00Z, in the future: until then its links show "not available"\n',
    );
    expect(JSON.parse(future.stdout)).toMatchObject({ warnings: [expect.stringContaining('2999-01-01')] });

    const over = await hookwise(
      'campaign',
      'import',
      campaignFile({ ends_at: '2001-01-01T00:00:00Z' }),
      '--tenant',
      tenantId,
    );
    expect(over.stdout).toMatch(/^Imported campaign /);
    expect(over.stderr).toContain('The campaign ended at 2001-01-01T00:00:00Z, in the past');

    const running = await hookwise('campaign', 'import', campaignFile({}), '--tenant', tenantId, '--json');
    expect(running.stderr).toBe('');
    expect(JSON.parse(running.stdout)).toMatchObject({ warnings: [] });
  });

  it('set-dates takes now and a date alone, and names the formats it takes', async () => {
    const { stdout } = await hookwise('campaign', 'import', campaignFile({}), '--tenant', tenantId, '--json');
    const id = (JSON.parse(stdout) as { id: string }).id;
    const set = await hookwise(
      'campaign',
      'set-dates',
      id,
      '--starts',
      'now',
      '--ends',
      '2999-12-01',
      '--json',
    );
    expect(set.code).toBe(0);
    const dates = JSON.parse(set.stdout) as { starts_at: string; ends_at: string };
    expect(Date.now() - Date.parse(dates.starts_at)).toBeLessThan(60_000);
    expect(dates.ends_at).toBe('2999-12-01T00:00:00.000Z');
    const bad = await hookwise('campaign', 'set-dates', id, '--starts', 'tomorrow');
    expect(bad).toMatchObject({
      code: 1,
      stderr:
        'hookwise: Invalid --starts: "tomorrow" (use now, a UTC date 2026-12-01 (start of that day), an ISO 8601 date-time, or none)\n',
    });
  });

  it('--version prints the version', async () => {
    expect(await hookwise('--version')).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
  });
});

describe('dateOption', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('reads now, none, dates alone (start of the day, UTC) and date-times', () => {
    expect(dateOption('--starts', 'now', now)).toBe('2026-11-23T10:00:00.000Z');
    expect(dateOption('--starts', 'NONE', now)).toBeNull();
    expect(dateOption('--starts', undefined, now)).toBeUndefined();
    expect(dateOption('--starts', '2026-12-01', now)).toBe('2026-12-01T00:00:00.000Z');
    expect(dateOption('--starts', '2026-12-01T08:00:00Z', now)).toBe('2026-12-01T08:00:00.000Z');
    expect(dateOption('--starts', '2026-12-01T08:00+02:00', now)).toBe('2026-12-01T06:00:00.000Z');
  });
  it('refuses anything else, naming the option and the value', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '01.12.2026', '2026-12-01 08:00', 'tomorrow', '']) {
      expect(() => dateOption('--ends', bad, now)).toThrow(`Invalid --ends: "${bad}"`);
    }
  });
});
