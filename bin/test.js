#!/usr/bin/env node
// `npm test`'s Vitest step, as two lines of work side by side: the browser tests, one file at a
// time (each starts its own Chromium and server), and beside them the unit, API and build-check
// tests, two files at a time (they mostly wait on the databases); then each line runs some of
// the hardening tests, one file at a time (each starts its own servers). In one Vitest run,
// files that must not run in parallel are kept for after everything else, so the browser tests,
// a third of the time, started only at the end. Each line is prefixed with the line of work it
// comes from; the exit code is the first failure's, and each failure's report is printed again
// at the end, where a log's tail shows it. Arguments go to every Vitest run
// (`npm test -- --bail=1`).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root } from './freshness.js';

const extra = process.argv.slice(2);
// The hardening files that start Chromium or take longest run after the browser tests, the rest
// after the unit tests: the two lines then take about as long as each other.
const browserHardening = ['hardening/injection-xss.test.ts', 'hardening/fuzz.test.ts'];
const lines = [
  {
    label: 'browser',
    runs: [
      ['--project', 'e2e'],
      ['--project', 'hardening', '--maxWorkers=1', ...browserHardening],
    ],
  },
  {
    label: 'unit',
    runs: [
      ['--project', 'web', '--project', 'server', '--project', 'build', '--maxWorkers=2'],
      [
        '--project',
        'hardening',
        '--maxWorkers=1',
        ...browserHardening.flatMap((file) => ['--exclude', file]),
      ],
    ],
  },
];

const width = Math.max(...lines.map((line) => line.label.length));
// eslint-disable-next-line no-control-regex -- terminal colour codes
const colours = /\x1b\[[0-9;]*m/g;
const failureReports = [];
const reportLimit = 200;

function vitest(label, args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args, ...extra], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${label.padEnd(width)}] `;
    // Vitest writes its "Failed Suites" / "Failed Tests" sections to stderr, after everything else.
    let inFailures = false;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (text) => {
        out.write(prefix + text + '\n');
        if (stream !== child.stderr) return;
        const plain = text.replace(colours, '');
        if (/⎯ Failed (Tests|Suites) \d+ ⎯/.test(plain)) inFailures = true;
        if (inFailures && failureReports.length < reportLimit) failureReports.push(prefix + plain);
      });
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const results = await Promise.all(
  lines.map(async (line) => {
    // A failure does not stop the runs after it: every test runs and says how it went.
    let failed = 0;
    for (const args of line.runs) {
      const code = await vitest(line.label, args);
      failed ||= code;
    }
    return { line, code: failed };
  }),
);

if (failureReports.length > 0) {
  console.log('\nFailures, as reported above:');
  for (const text of failureReports) console.log(text);
  if (failureReports.length === reportLimit) console.log(`(first ${reportLimit} lines only)`);
  console.log('');
}
for (const { line, code } of results) {
  console.log(`${line.label.padEnd(width)}: ${code === 0 ? 'passed' : `FAILED (exit code ${code})`}`);
}
console.log(`Tests took ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
