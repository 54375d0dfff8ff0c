/**
 * The real `hookwise` binary on a database of its own, for command-line tests: a temporary
 * DATA_DIR with a SQLite file, `hookwise(...args)` answering stdout (a failing command throws
 * with its stderr), and `file(name, text)` to hand it a file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');

/** `env`: more of the binary's environment (another scenario library, say). */
export function cliSandbox(name: string, extraEnv: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `hookwise-${name}-`));
  const databaseUrl = `sqlite:${dir}/cli.db`;
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://phish.example',
    ...extraEnv,
  };
  const hookwise = (...args: string[]): string => {
    const result = spawnSync('node', [bin, ...args], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`hookwise ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  const file = (fileName: string, text: string): string => {
    const target = path.join(dir, fileName);
    writeFileSync(target, text);
    return target;
  };
  return { databaseUrl, hookwise, file };
}
