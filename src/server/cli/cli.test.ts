import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');

function env(extra: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-cli-'));
  return { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test', ...extra };
}

describe('hookwise CLI', () => {
  it('demo --json prints exactly one JSON object with the links', async () => {
    const { stdout } = await run('node', [bin, 'demo', '--json'], {
      env: env({ PUBLIC_URL: 'https://phish.example' }),
    });
    const demo = JSON.parse(stdout) as {
      tenantId: string;
      apiKey: string;
      campaignId: string;
      recipients: { rid: string; url: string }[];
      pollUrl: string;
      owner: { email: string; password: string };
    };
    expect(Object.keys(demo).sort()).toEqual([
      'apiKey',
      'campaignId',
      'owner',
      'pollUrl',
      'recipients',
      'tenantId',
    ]);
    expect(demo.owner.email).toMatch(/^owner(\+\w+)?@demo\.hookwise\.test$/);
    expect(demo.owner.password.length).toBeGreaterThanOrEqual(20);
    expect(demo.recipients).toHaveLength(3);
    for (const r of demo.recipients) {
      expect(r.rid).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(r.url).toBe(`https://phish.example/phish?rid=${r.rid}`);
    }
    expect(demo.pollUrl).toMatch(/^https:\/\/phish\.example\/poll\?p=[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('reads .env from the working directory; variables already set win', { timeout: 120_000 }, async () => {
    const e: NodeJS.ProcessEnv = env();
    delete e.PUBLIC_URL;
    const cwd = e.DATA_DIR ?? '';
    writeFileSync(path.join(cwd, '.env'), 'PUBLIC_URL=http://127.0.0.1:18080\nRATE_LIMIT_PER_MINUTE=\n');
    const fromFile = JSON.parse((await run('node', [bin, 'demo', '--json'], { env: e, cwd })).stdout) as {
      pollUrl: string;
    };
    expect(fromFile.pollUrl).toMatch(/^http:\/\/127\.0\.0\.1:18080\/poll\?p=/);
    const real = { ...e, PUBLIC_URL: 'https://real.example' };
    const fromEnv = JSON.parse((await run('node', [bin, 'demo', '--json'], { env: real, cwd })).stdout) as {
      pollUrl: string;
    };
    expect(fromEnv.pollUrl).toMatch(/^https:\/\/real\.example\/poll\?p=/);
  });

  it('migrate reports what it applied, then that nothing is pending', async () => {
    const e = env();
    expect((await run('node', [bin, 'migrate'], { env: e })).stdout).toMatch(
      /Applied: 2026-11-22-0001-initial/,
    );
    expect((await run('node', [bin, 'migrate'], { env: e })).stdout).toMatch(/up to date/);
  });

  it('every command has --help', async () => {
    for (const command of ['serve', 'migrate', 'demo']) {
      const { stdout } = await run('node', [bin, command, '--help'], { env: env() });
      expect(stdout).toContain(`Usage: hookwise ${command}`);
    }
  });

  it('fails with a one-line reason naming a bad variable', async () => {
    const failure = await run('node', [bin, 'migrate'], { env: env({ DATABASE_URL: 'mysql://db' }) }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr.trim()).toBe(
      'hookwise: Invalid DATABASE_URL: must start with sqlite: or postgres://',
    );
  });
});
