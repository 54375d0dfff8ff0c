/**
 * A real Hookwise process (`node bin/hookwise.js serve`) for fault tests: its own port and
 * database, started and killed like production would see it, never through app.inject().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const BIN = path.join(import.meta.dirname, '../../bin/hookwise.js');

export interface ServerProcess {
  url: string;
  /** The admin listener (operator API, console), on a free port of its own. */
  adminUrl: string;
  output: () => string;
  /** Sends the signal and waits for the process to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const adminPort = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_HOST: '127.0.0.1',
      ADMIN_PORT: String(adminPort),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, () => output);
  return {
    url,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    output: () => output,
    kill: (signal) => stop(child, signal),
  };
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy: ${output()}`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
