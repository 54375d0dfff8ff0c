/**
 * `hookwise serve --demo-if-empty` (what `npm start` runs): every start in development prints
 * the demo links again, and request logs stay short and out of the banner's way; production
 * keeps JSON logs and prints no demo links.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');

async function serveOnce(env: NodeJS.ProcessEnv, request: (base: string, stdout: string) => Promise<void>) {
  const child = spawn('node', [bin, 'serve', '--demo-if-empty'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 30_000;
    let base: string | undefined;
    while (!base && Date.now() < deadline && child.exitCode === null) {
      base = /listening on (http:\/\/[^)\s]+)/.exec(stdout)?.[1];
      if (!base) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!base) throw new Error(`serve did not start:\n${stdout}\n${stderr}`);
    await request(base, stdout);
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return { stdout, stderr };
}

const get = async (url: string) => {
  await (await fetch(url)).arrayBuffer();
};

describe('hookwise serve --demo-if-empty', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-serve-'));
  const base = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${dir}/serve.db`,
    PORT: '0',
    ADMIN_PORT: '0',
    PUBLIC_URL: 'https://phish.example',
    LOG_LEVEL: 'info',
  };

  it(
    'prints the demo links on every start in development, with short request logs',
    { timeout: 90_000 },
    async () => {
      const development = { ...base, NODE_ENV: 'development' };
      // The console's address and the demo owner's sign-in are printed, and they work.
      let signedIn = 0;
      const first = await serveOnce(development, async (_url, stdout) => {
        const admin = /Console and operator API: (http:\/\/\S+)/.exec(stdout)?.[1];
        const [, email, password] = /sign in as (\S+) with password (\S+)/.exec(stdout) ?? [];
        const res = await fetch(`${admin}/api/admin/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        signedIn = res.status;
        await res.arrayBuffer();
      });
      expect(signedIn).toBe(200);
      expect(first.stdout).toContain('Demo data created.');
      const links = (text: string) => text.match(/https:\/\/phish\.example\/phish\?rid=[\w-]+/g) ?? [];
      expect(links(first.stdout)).toHaveLength(3);

      const second = await serveOnce(development, async (url) => {
        await get(`${url}/api/health`);
        await get(`${url}/assets/demo/training.pdf`);
      });
      expect(second.stdout).not.toContain('Demo data created.');
      expect(second.stdout).toContain('hookwise user reset-password owner@demo.hookwise.test');
      // The same recipients, each with their language, and a fresh reviewer link.
      expect(links(second.stdout)).toEqual(links(first.stdout));
      expect(second.stdout).toMatch(/^ {2}de {2}Jana {3}https:\/\/phish\.example\/phish\?rid=/m);
      expect(second.stdout).toMatch(/^ {2}ar {2}Layla {2}https:\/\/phish\.example\/phish\?rid=/m);
      expect(second.stdout).toMatch(/^ {2}https:\/\/phish\.example\/poll\?p=[\w-]+\.[\w-]+\.[\w-]+$/m);
      // Logs: on stderr, one short line per request, static files left out, no JSON.
      expect(second.stderr).toMatch(/^\d\d:\d\d:\d\d GET \/api\/health 200 \d+ms$/m);
      expect(second.stderr).not.toContain('training.pdf');
      expect(second.stderr).not.toContain('{"level"');
      expect(second.stdout).not.toContain('{"level"');
    },
  );

  it('keeps JSON logs and prints no demo links in production', { timeout: 60_000 }, async () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      POLL_TOKEN_SECRET: 'serve-test-secret-0123456789-0123456789',
      PSEUDONYM_KEY: 'serve-test-pseudonym-0123456789-012345678',
      SECRETS_KEY: 'serve-test-secrets-key-0123456789-0123456',
    };
    const run = await serveOnce(production, (url) => get(`${url}/api/health`));
    expect(run.stdout).not.toContain('/phish?rid=');
    const requestLine = run.stdout.split('\n').find((line) => line.includes('"msg":"request"'));
    expect(JSON.parse(requestLine ?? 'null')).toMatchObject({ url: '/api/health', statusCode: 200 });
  });
});
