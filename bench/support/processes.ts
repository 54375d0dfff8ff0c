/**
 * Servers for the benchmarks, each in its own process so the load generator never shares an
 * event loop with what it measures: a bare node:http baseline and Hookwise itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Figure } from './report';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * The Node flags the `hookwise` command runs with (its shebang line): the benchmarks start the
 * server as `npx hookwise serve` does, with `node` named so that profiling flags can join them.
 */
export const HOOKWISE_NODE_FLAGS = (() => {
  const shebang = readFileSync(path.join(root, 'bin/hookwise.js'), 'utf8').split('\n')[0] ?? '';
  return shebang.split(/\s+/).filter((word) => word.startsWith('--'));
})();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Running {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of the health URL. */
  startupMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

async function waitFor200(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

async function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  health: string,
  logFile?: string,
): Promise<Running> {
  const started = performance.now();
  // The process's stdout (its log, one line per request) to a file, as in production.
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, 'inherit'] });
  if (typeof out === 'number') closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}${health}`, child);
  const startupMs = performance.now() - started;
  return {
    url,
    child,
    startupMs,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const BASELINE = `
const http = require('node:http');
const fs = require('node:fs');
const file = process.env.BODY_FILE;
const body = file ? fs.readFileSync(file) : Buffer.from(JSON.stringify({ status: 'ok' }));
const headers = file
  ? { 'content-type': 'text/javascript', 'content-encoding': 'br', 'content-length': body.length }
  : { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** A bare node:http server: a fixed JSON body, or the bytes of `bodyFile` (same-size baseline). */
export async function startBaseline(bodyFile?: string): Promise<Running> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), ...(bodyFile ? { BODY_FILE: bodyFile } : {}) };
  return run(['-e', BASELINE], env, port, '/');
}

/**
 * Hookwise in production mode; with `logFile` its log (one line per request) goes to that file;
 * `nodeArgs` go to node itself (bench/profile.ts passes --cpu-prof).
 */
export async function startHookwise(
  env: Record<string, string>,
  options: { logFile?: string; nodeArgs?: string[] } = {},
): Promise<Running> {
  const port = await freePort();
  return run(
    [...HOOKWISE_NODE_FLAGS, ...(options.nodeArgs ?? []), 'bin/hookwise.js', 'serve'],
    {
      ...process.env,
      NODE_ENV: 'production',
      PSEUDONYM_KEY: 'bench-pseudonym-key-0123456789-0123456789',
      SECRETS_KEY: 'bench-secrets-key-0123456789-0123456789-0',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The admin listener on a free port too: two runs (or a dev server) never collide on 8081.
      ADMIN_PORT: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    port,
    '/api/health',
    options.logFile,
  );
}

/** The same-stack floor (bench/floor-server.ts) on Hookwise's database. */
export async function startFloor(
  env: Record<string, string>,
  options: { logFile?: string } = {},
): Promise<Running> {
  const port = await freePort();
  return run(
    ['--import', 'tsx', 'bench/floor-server.ts'],
    { ...process.env, ...env, PORT: String(port) },
    port,
    '/api/health',
    options.logFile,
  );
}

/** Runs `hookwise <args>` to completion and returns its stdout. */
export function hookwiseCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/hookwise.js', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`hookwise ${args[0]}: exit ${code}`)),
    );
  });
}

/**
 * The figure "errors in the server log": the lines a server logged at error level or above
 * (pino: 50 error, 60 fatal), target none, with the first one's message and error. A recipient's
 * page is served even when its visit could not be stored, so under load the log is where a lost
 * write or a failed request shows.
 */
export function loggedErrorsFigure(section: string, file: string): Figure {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /"level":(5|6)0\b/.test(line));
  const first = lines[0] ? (JSON.parse(lines[0]) as { msg?: string; err?: { message?: string } }) : undefined;
  return {
    section,
    name: 'errors in the server log',
    value: lines.length,
    unit: 'lines',
    target: { op: '<=', value: 0, of: 'value' },
    ...(first ? { note: `first: ${first.msg ?? ''}: ${first.err?.message ?? ''}` } : {}),
  };
}
