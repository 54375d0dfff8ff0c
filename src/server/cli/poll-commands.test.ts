import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { DEMO_KNOWN_MALICIOUS } from '../modules/demo/demo-campaign';
import { verifyPollToken } from '../modules/poll/poll-token';
import { recordDecision } from '../modules/poll/poll.service';
import { parseDuration } from './poll-commands';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const SECRET = 'cli-poll-secret-0123456789-0123456789-abc';
const NEW_URL = 'https://new.example/a?b=c';

describe('hookwise poll-token and reviews', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-cli-poll-'));
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${dir}/cli.db`,
    NODE_ENV: 'test' as const,
    PUBLIC_URL: 'https://review.example',
    POLL_TOKEN_SECRET: SECRET,
  };
  const hookwise = (...args: string[]) => run('node', [bin, ...args], { env });
  const failure = (...args: string[]) =>
    hookwise(...args).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
  let tenantId = '';

  beforeAll(async () => {
    ({ tenantId } = JSON.parse((await hookwise('demo', '--json')).stdout) as { tenantId: string });
  });

  it('poll-token --json prints {token,url} with each URL marked from the malicious-URL database', async () => {
    const { stdout } = await hookwise(
      'poll-token',
      '--tenant',
      tenantId,
      '--url',
      DEMO_KNOWN_MALICIOUS,
      NEW_URL,
      '--reviewer',
      'bob',
      '--json',
    );
    const link = JSON.parse(stdout) as { token: string; url: string };
    expect(Object.keys(link).sort()).toEqual(['token', 'url']);
    expect(link.url).toBe(`https://review.example/poll?p=${link.token}`);
    const claims = await verifyPollToken(SECRET, link.token);
    expect(claims).toMatchObject({
      tid: tenantId,
      sub: 'bob',
      urls: { [DEMO_KNOWN_MALICIOUS]: true, [NEW_URL]: false },
    });
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 86_400 - 60);
  });

  it('poll-token prints only the link as text and honours --expires', async () => {
    const { stdout } = await hookwise(
      'poll-token',
      '--tenant',
      tenantId,
      '--url',
      NEW_URL,
      '--expires',
      '2h',
    );
    const match = /^https:\/\/review\.example\/poll\?p=([\w-]+\.[\w-]+\.[\w-]+)\n$/.exec(stdout);
    expect(match).not.toBeNull();
    const claims = await verifyPollToken(SECRET, match?.[1] ?? '');
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(7200);
    expect(claims.sub).toBeUndefined();
  });

  it('reviews lists the latest decision per URL as JSON and as a table', async () => {
    expect(JSON.parse((await hookwise('reviews', '--tenant', tenantId, '--json')).stdout)).toEqual([]);
    const database = openDatabase(env.DATABASE_URL);
    const claims = {
      urls: { [NEW_URL]: false, [DEMO_KNOWN_MALICIOUS]: true },
      tid: tenantId,
      exp: 0,
      jti: 'j',
      sub: 'eve',
    };
    try {
      await recordDecision(database.db, claims, { url: NEW_URL, decision: 'TP' });
      await recordDecision(database.db, claims, { url: NEW_URL, decision: 'FP' });
      await recordDecision(
        database.db,
        { ...claims, sub: undefined },
        { url: DEMO_KNOWN_MALICIOUS, decision: 'TP' },
      );
    } finally {
      await database.close();
    }
    const decisions = JSON.parse(
      (await hookwise('reviews', '--tenant', tenantId, '--json')).stdout,
    ) as unknown[];
    expect(decisions).toEqual([
      { url: NEW_URL, decision: 'FP', reviewer: 'eve', at: expect.any(String) },
      { url: DEMO_KNOWN_MALICIOUS, decision: 'TP', reviewer: null, at: expect.any(String) },
    ]);
    const lines = (await hookwise('reviews', '--tenant', tenantId)).stdout.trimEnd().split('\n');
    // The same table as every other command: header, rule, one row per URL.
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^DECISION\s+AT\s+REVIEWER\s+URL$/);
    expect(lines[1]).toMatch(/^-+\s+-+\s+-+\s+-+$/);
    expect(lines[2]).toMatch(new RegExp(`^FP\\s+\\S+\\s+eve\\s+${NEW_URL.replace(/[?.]/g, '\\$&')}$`));
  });

  it('fails with exit 1 and a one-line reason for an unknown tenant or a bad duration', async () => {
    for (const args of [
      ['poll-token', '--tenant', 'nope', '--url', NEW_URL],
      ['reviews', '--tenant', 'nope'],
    ]) {
      const result = await failure(...args);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('hookwise: Unknown tenant nope\n');
    }
    const bad = await failure('poll-token', '--tenant', tenantId, '--url', NEW_URL, '--expires', 'soon');
    expect(bad).toMatchObject({
      code: 1,
      stderr: 'hookwise: Invalid --expires: "soon" (use e.g. 14d, 12h, 30m)\n',
    });
  });

  it(
    'poll-token --pending mints a link for the reported URLs no reviewer decided yet',
    { timeout: 120_000 },
    async () => {
      const nothing = await failure('poll-token', '--tenant', tenantId, '--pending');
      expect(nothing).toMatchObject({
        code: 1,
        stderr: 'hookwise: Nothing to review: every reported URL of this tenant already has a decision\n',
      });
      const decided = 'https://decided.example/x';
      const skipped = 'https://skipped.example/y';
      const pending = 'https://pending.example/z';
      await hookwise('reports', 'add', decided, skipped, pending, '--tenant', tenantId);
      const database = openDatabase(env.DATABASE_URL);
      const claims = { urls: { [decided]: false, [skipped]: false }, tid: tenantId, exp: 0, jti: 'p' };
      try {
        await recordDecision(database.db, claims, { url: decided, decision: 'FP' });
        // Submitted without a decision: an audit row, the URL is still pending.
        await recordDecision(database.db, claims, { url: skipped, decision: '' });
      } finally {
        await database.close();
      }
      const { stdout } = await hookwise('poll-token', '--pending', '--tenant', tenantId, '--json');
      const link = JSON.parse(stdout) as { token: string; url: string };
      const verified = await verifyPollToken(SECRET, link.token);
      expect(verified.urls).toEqual({ [skipped]: false, [pending]: false });
    },
  );

  it('poll-token needs exactly one of --url and --pending', { timeout: 120_000 }, async () => {
    for (const args of [[], ['--pending', '--url', NEW_URL]]) {
      expect(await failure('poll-token', '--tenant', tenantId, ...args)).toMatchObject({
        code: 1,
        stderr: 'hookwise: Give either --url <url...> or --pending\n',
      });
    }
  });

  it('has --help for both commands', async () => {
    for (const command of ['poll-token', 'reviews']) {
      expect((await hookwise(command, '--help')).stdout).toContain(`Usage: hookwise ${command}`);
    }
  });
});

describe('parseDuration', () => {
  it('reads s, m, h and d and rejects anything else', () => {
    expect([parseDuration('90s'), parseDuration('30m'), parseDuration('12h'), parseDuration('14d')]).toEqual([
      90, 1800, 43_200, 1_209_600,
    ]);
    for (const bad of ['0d', '14', 'd', '1w', '-1d', ''])
      expect(() => parseDuration(bad)).toThrow(/Invalid --expires/);
  });
});
