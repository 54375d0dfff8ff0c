/**
 * Drives a whole campaign through the real `hookwise` binary: tenant, campaign file, 1,000
 * recipients from CSV (with bad rows), links, events, results, reported URLs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { campaignFile, recordEvent } from '../test/admin-fixtures';
import { buildCli } from './main';

const exec = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-operator-'));
const env = {
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: `sqlite:${dir}/cli.db`,
  NODE_ENV: 'test',
  PUBLIC_URL: 'https://phish.example',
};

const run = async (...args: string[]) =>
  (await exec('node', [bin, ...args], { env, maxBuffer: 32 * 1024 * 1024 })).stdout;
const runJson = async <T>(...args: string[]) => JSON.parse(await run(...args, '--json')) as T;
const fail = (...args: string[]) =>
  exec('node', [bin, ...args], { env }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
const file = (name: string, text: string) => {
  const target = path.join(dir, name);
  writeFileSync(target, text);
  return target;
};

describe('hookwise operator commands', () => {
  it('runs a whole campaign from the command line', { timeout: 180_000 }, async () => {
    const tenant = await runJson<{ tenant_id: string; api_key: string }>('tenant', 'create', 'Acme Security');
    expect(tenant.api_key).toMatch(/^hw_/);

    const bad = JSON.stringify(campaignFile({ custom_logo: 'nope' }), null, 2);
    const badLine = bad.split('\n').findIndex((line) => line.includes('"custom_logo"')) + 1;
    const failure = await fail('campaign', 'import', file('bad.json', bad), '--tenant', tenant.tenant_id);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toBe(
      `hookwise: Invalid campaign file: custom_logo (line ${badLine}): Invalid URL\n`,
    );

    const campaignPath = file(
      'campaign.json',
      JSON.stringify(campaignFile({ name: 'Payroll lure' }), null, 2),
    );
    const campaign = await runJson<{ id: string }>(
      'campaign',
      'import',
      campaignPath,
      '--tenant',
      tenant.tenant_id,
    );

    const good = Array.from(
      { length: 1000 },
      (_, i) => `user${i}@example.com,User ${i},${i % 2 ? 'de' : ''}`,
    );
    const badRows = [
      'not-an-email,X,',
      'user5@example.com,Dup,',
      'USER7@example.com,Dup,',
      ',,',
      'z@example.com,Z,klingon',
    ];
    const csv = ['email,first_name,language', ...good.slice(0, 500), ...badRows, ...good.slice(500)].join(
      '\n',
    );
    // Rejected rows: the report on stdout, a one-line reason on stderr, exit 1.
    const imported = await exec(
      'node',
      [bin, 'recipients', 'import', file('recipients.csv', csv), '--campaign', campaign.id, '--json'],
      { env },
    ).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(imported.code).toBe(1);
    expect(imported.stderr).toBe(
      'hookwise: 5 of 1005 rows rejected (see above); fix them and import the file again\n',
    );
    const report = JSON.parse(imported.stdout) as {
      accepted: number;
      rejected: { line: number; reason: string }[];
    };
    expect(report.accepted).toBe(1000);
    expect(report.rejected).toEqual([
      { line: 502, reason: 'email: invalid email address: "not-an-email"' },
      { line: 503, reason: 'duplicate of line 7' },
      { line: 504, reason: 'duplicate of line 9' },
      { line: 505, reason: 'needs an email or a person_id' },
      { line: 506, reason: 'language: unknown language code: "klingon"' },
    ]);

    const links = parse<Record<string, string>>(await run('links', campaign.id, '--csv'), { columns: true });
    expect(links).toHaveLength(1000);
    expect(Object.keys(links[0]!).slice(0, 3)).toEqual(['email', 'first_name', 'link']);
    const rids = links.map((l) => new URL(l.link!).searchParams.get('rid')!);
    expect(new Set(rids).size).toBe(1000);
    expect(links[0]!.link).toMatch(/^https:\/\/phish\.example\/phish\?rid=[\w-]{32}$/);

    // Events as the recipient journey records them: 300 visits, 200 clicks, 100 submissions,
    // 50 questionnaires (scores 60 and 80), 40 completions.
    const database = openDatabase(env.DATABASE_URL);
    try {
      for (const [i, rid] of rids.slice(0, 300).entries()) {
        await recordEvent({ database }, rid, 'visited');
        if (i < 200) await recordEvent({ database }, rid, 'clicked');
        if (i < 100) await recordEvent({ database }, rid, 'submitted');
        if (i < 100) await recordEvent({ database }, rid, 'awareness_viewed');
        if (i < 50)
          await recordEvent({ database }, rid, 'questionnaire_completed', {
            details: { score: i % 2 ? 60 : 80 },
          });
        if (i < 40) await recordEvent({ database }, rid, 'completed');
      }
    } finally {
      await database.close();
    }

    const keysAndRevoke = async () => {
      const keys = await runJson<{ prefix: string; revoked_at: string | null }[]>(
        'tenant',
        'keys',
        tenant.tenant_id,
      );
      expect(keys).toHaveLength(1);
      const prefix = keys[0]!.prefix;
      expect(tenant.api_key.startsWith(`hw_${prefix}_`)).toBe(true);
      expect(await run('tenant', 'revoke-key', prefix)).toContain('Revoked');
      expect((await fail('tenant', 'revoke-key', prefix)).stderr).toBe(
        `hookwise: No active API key with prefix ${prefix}\n`,
      );
    };
    const maliciousUrls = async () => {
      const list = file('malicious.txt', '# known bad\nHTTPS://Bad.example/a\n\nhttp://worse.example:80/\n');
      expect(await run('malicious-urls', 'import', list, '--tenant', tenant.tenant_id)).toContain(
        'added 2 new',
      );
      expect(await run('malicious-urls', 'export', '--tenant', tenant.tenant_id)).toBe(
        'http://worse.example/\nhttps://bad.example/a\n',
      );
    };
    const unknownCampaign = async () => {
      const unknown = await fail('links', 'no-such-campaign');
      expect(unknown).toMatchObject({ code: 1, stderr: 'hookwise: Unknown campaign no-such-campaign\n' });
    };
    // Independent checks run side by side: each is a process start.
    const [results, table, pseudonymised] = await Promise.all([
      runJson<{ funnel: Record<string, number>; recipients: { email: string; status: string }[] }>(
        'results',
        campaign.id,
      ),
      run('results', campaign.id),
      run('results', campaign.id, '--csv', '--pseudonymise'),
      keysAndRevoke(),
      maliciousUrls(),
      unknownCampaign(),
    ]);
    expect(results.funnel).toMatchObject({
      recipients: 1000,
      visited: 300,
      clicked: 200,
      submitted: 100,
      questionnaire_completed: 50,
      completed: 40,
      average_score: 70,
    });
    expect(results.recipients.filter((r) => r.status === 'completed')).toHaveLength(40);
    expect(table).toMatch(/^clicked\s+200\s+20%$/m);
    expect(table).toMatch(/^link opened \(any visit, scanners included\)\s+300\s+30%$/m);
    // Click verdicts: a count per verdict (these clicks came with no visit evidence), and a
    // verdict column per recipient.
    expect(table).toMatch(/^VERDICT\s+COUNT\s+SHARE$/m);
    expect(table).toMatch(/^not_visited\s+1000\s+100%$/m);
    expect(table).toMatch(/^filtered_visits\s+0(\s|$)/m);
    expect(table).toMatch(/^EMAIL\s.*\sVERDICT(\s|$)/m);
    const pseudoRows = parse<Record<string, string>>(pseudonymised, { columns: true });
    expect(pseudoRows).toHaveLength(1000);
    expect(pseudonymised).not.toContain('@example.com');

    // Two spellings of one URL in one report are one reported URL.
    await run(
      'reports',
      'add',
      'HTTPS://Evil.example/login#x',
      'https://evil.example/login',
      '--tenant',
      tenant.tenant_id,
    );
    const pending = await runJson<{ url: string; report_count: number }[]>(
      'reports',
      'list',
      '--pending',
      '--tenant',
      tenant.tenant_id,
    );
    expect(pending).toEqual([
      expect.objectContaining({ url: 'https://evil.example/login', report_count: 1 }),
    ]);

    const ended = await runJson<{ ended_at: string | null }>('campaign', 'end', campaign.id);
    expect(ended.ended_at).not.toBeNull();
  });

  it('every operator command has --help and --json', () => {
    // In-process: the same commander definitions the binary runs, without 18 process starts.
    const commands = [
      'tenant create',
      'tenant list',
      'tenant keys',
      'tenant add-key',
      'tenant revoke-key',
      'campaign import',
      'campaign list',
      'campaign export',
      'campaign set-dates',
      'campaign end',
      'recipients import',
      'links',
      'results',
      'reports add',
      'reports list',
      'malicious-urls list',
      'malicious-urls import',
      'malicious-urls export',
    ];
    for (const name of commands) {
      let command: Command | undefined = buildCli();
      for (const part of name.split(' ')) command = command?.commands.find((c) => c.name() === part);
      expect(command, name).toBeDefined();
      const help = command!.helpInformation();
      expect(help).toContain(`Usage: hookwise ${name}`);
      expect(help).toContain('--json');
    }
  });
});
