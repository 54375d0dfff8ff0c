/**
 * Dependencies: `npm audit --omit=dev` must report no high or critical advisory for what ships.
 * When the registry's audit endpoint cannot be reached (offline, a mirror without it, a 405),
 * the check cannot run: it says so loudly instead of passing in silence.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { tally } from './support/tally';

const run = promisify(execFile);
const counts = tally('audit', ['advisories', 'high', 'critical', 'skipped'], false);

interface AuditReport {
  message?: string;
  statusCode?: number;
  error?: { summary?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
}

async function audit(): Promise<AuditReport> {
  const cwd = path.join(import.meta.dirname, '..');
  // npm exits 1 both on findings and on a failed request; the JSON tells them apart.
  const result = await run('npm', ['audit', '--omit=dev', '--json'], { cwd, timeout: 90_000 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  try {
    return JSON.parse(result.stdout) as AuditReport;
  } catch {
    return { message: `unreadable npm audit output: ${result.stdout.slice(0, 200)}` };
  }
}

it('finds no high or critical advisory in production dependencies', async () => {
  const report = await audit();
  const found = report.metadata?.vulnerabilities;
  if (!found) {
    const reason = report.message ?? report.error?.summary ?? 'no report';
    console.warn(`\n*** SKIPPED: npm audit (audit endpoint unreachable: ${reason}) ***\n`);
    counts.add('skipped');
    return;
  }
  counts.set('advisories', found.total ?? 0);
  counts.set('high', found.high ?? 0);
  counts.set('critical', found.critical ?? 0);
  expect({ high: found.high ?? 0, critical: found.critical ?? 0 }).toEqual({ high: 0, critical: 0 });
}, 120_000);
