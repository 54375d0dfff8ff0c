/**
 * Front end: for the first load of /poll and /phish in Chromium, the JS and CSS bytes
 * transferred, the requests made before first paint, and Lighthouse's mobile performance score;
 * and the console's first load (its sign-in page, on the admin listener).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { browserAvailable, launchBrowser } from '../e2e/support/browser';
import { compressedSize, firstLoadScripts } from '../e2e/support/first-load';
import { FIRST_LOAD_JS_BUDGET } from '@shared/budgets';
import type { BenchDatabase } from './support/databases';
import { freePort, hookwiseCli, root, startHookwise } from './support/processes';
import type { Figure } from './support/report';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface PageLoad {
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
  cssFiles: number;
  beforePaint: string[];
}

async function measurePage(url: string): Promise<PageLoad> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() => {
    const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
    return {
      paint: paint?.startTime ?? Number.POSITIVE_INFINITY,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        name: r.name,
        start: r.startTime,
        bytes: r.transferSize,
      })),
    };
  });
  await browser.close();
  const of = (ext: string) => entries.resources.filter((r) => new URL(r.name).pathname.endsWith(ext));
  return {
    jsBytes: of('.js').reduce((sum, r) => sum + r.bytes, 0),
    cssBytes: of('.css').reduce((sum, r) => sum + r.bytes, 0),
    jsFiles: of('.js').filter((r) => r.start < entries.paint).length,
    cssFiles: of('.css').filter((r) => r.start < entries.paint).length,
    beforePaint: entries.resources
      .filter((r) => r.start < entries.paint)
      .map((r) => new URL(r.name).pathname),
  };
}

function lighthouse(url: string): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-lh-'));
  const out = path.join(dir, 'report.json');
  const flags =
    '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage';
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${flags}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code}`);
        const report = JSON.parse(readFileSync(out, 'utf8')) as {
          categories: { performance: { score: number } };
        };
        resolve(report.categories.performance.score);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

export async function frontendBench(database: BenchDatabase): Promise<Figure[]> {
  if (!browserAvailable) return [];
  const adminPort = await freePort();
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    POLL_TOKEN_SECRET: 'bench-frontend-secret-0123456789-abcdef',
  };
  const server = await startHookwise({ ...env, ADMIN_PORT: String(adminPort) });
  const demo = JSON.parse(await hookwiseCli(['demo', '--json'], { ...env, PUBLIC_URL: server.url })) as {
    recipients: { url: string }[];
    pollUrl: string;
  };
  const figures: Figure[] = [];
  const routes = [
    { route: 'poll' as const, url: demo.pollUrl },
    { route: 'phish' as const, url: demo.recipients[0]?.url ?? '' },
  ];
  for (const { route, url } of routes) {
    const section = `web/${route}`;
    const load = await measurePage(url);
    const gzip = firstLoadScripts(route).reduce((sum, file) => sum + compressedSize(file, 'gz'), 0);
    const score = await lighthouse(url);
    figures.push(
      {
        section,
        name: 'JS transferred, first load (brotli)',
        value: load.jsBytes / 1024,
        unit: 'KB',
        target: { op: '<=', value: FIRST_LOAD_JS_BUDGET / 1024, of: 'value' },
      },
      {
        section,
        name: 'JS first load if served gzip',
        value: gzip / 1024,
        unit: 'KB',
        target: { op: '<=', value: 100, of: 'value' },
      },
      { section, name: 'CSS transferred, first load', value: load.cssBytes / 1024, unit: 'KB' },
      {
        section,
        name: 'JS files before first paint',
        value: load.jsFiles,
        unit: '',
        target: { op: '<=', value: 1, of: 'value' },
      },
      {
        section,
        name: 'CSS files before first paint',
        value: load.cssFiles,
        unit: '',
        target: { op: '<=', value: 1, of: 'value' },
      },
      {
        section,
        name: 'requests before first paint',
        value: load.beforePaint.length,
        unit: '',
        note: load.beforePaint.join(' '),
      },
      {
        section,
        name: 'Lighthouse mobile performance',
        value: score,
        unit: '',
        target: { op: '>=', value: 0.95, of: 'value' },
      },
    );
  }
  // The console is for operators on a desktop: reported, with no budget of the recipients' kind.
  const console = await measurePage(`http://127.0.0.1:${adminPort}/`);
  figures.push(
    {
      section: 'console',
      name: 'JS transferred, first load (brotli)',
      value: console.jsBytes / 1024,
      unit: 'KB',
    },
    { section: 'console', name: 'CSS transferred, first load', value: console.cssBytes / 1024, unit: 'KB' },
    {
      section: 'console',
      name: 'requests before first paint',
      value: console.beforePaint.length,
      unit: '',
      note: console.beforePaint.join(' '),
    },
  );
  await server.stop();
  return figures;
}
