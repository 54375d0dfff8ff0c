/**
 * A campaign burst, end to end, against the real server process (production mode, request log
 * to a file, the rate-limit budget raised: the load comes from one machine). 100,000 recipients
 * are built straight into the database and their messages marked sent; then
 *  1. scanners GET every link as fast as the server answers (many connections, scanner agents,
 *     no script), every tenth running the page as a headless browser would;
 *  2. people click over a time-compressed ten minutes and walk the journey (bench/burst-traffic.ts);
 * while an operator watches the live dashboard (admin listener, API key). Per phase:
 * throughput, p99, errors, and every acknowledged write checked against the stored rows; then
 * the dashboard's latency, the verdicts at scale, start-up and memory after the burst.
 * `npm run bench -- --only=burst`, or `npx tsx bench/burst.ts [recipients]` for this alone.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@server/db/database';
import type { NewRecipient } from '@server/db/schema';
import { newId, newRid } from '@server/lib/ids';
import type { LanguageCode } from '@shared/languages';
import {
  cpuMark,
  cpuUse,
  dashboardFigures,
  memoryParts,
  phaseFigures,
  storedFigure,
  verdictFigures,
  watchDashboard,
} from './burst-figures';
import { Client, Ledger, scan, Tally, walk } from './burst-traffic';
import { benchDatabases, type BenchDatabase } from './support/databases';
import { freePort, loggedErrorsFigure, startHookwise } from './support/processes';
import { formatFigure, type Figure } from './support/report';
import { benchDemo, buildInBatches, openBenchStore } from './support/seed';

export interface BurstScale {
  recipients: number;
  /** Share of recipients who click (people, not scanners). */
  clickers: number;
  /** Ten minutes of clicks are played in 600 / compression seconds. */
  compression: number;
  /** Concurrent scanner connections in phase 1. */
  connections: number;
}

export const FULL_BURST: BurstScale = {
  recipients: 100_000,
  clickers: 0.1,
  compression: 5,
  connections: 100,
};
export const QUICK_BURST: BurstScale = { recipients: 5_000, clickers: 0.1, compression: 20, connections: 50 };

const LANGUAGES: LanguageCode[] = ['en', 'de', 'fr', 'es', 'ja'];
const SECRET = 'bench-poll-token-secret-0123456789-abcdef';

export async function burstBench(database: BenchDatabase, scale: BurstScale): Promise<Figure[]> {
  const section = `burst/${database.kind}`;
  const figures: Figure[] = [];
  const seeded = await seed(database, scale.recipients);
  figures.push({
    section,
    name: `build ${scale.recipients / 1000}k recipients`,
    value: seeded.rowsPerSecond,
    unit: 'rows/s',
  });

  const adminPort = await freePort();
  const seconds = (s: number) => String(Math.max(1, Math.round(s / scale.compression)));
  const logFile = path.join(database.dataDir, 'burst-requests.log');
  const server = await startHookwise(
    {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      POLL_TOKEN_SECRET: SECRET,
      // Every client here is one machine pretending to be many (X-Forwarded-For); the budget
      // per client would otherwise answer 429 to the load generator itself.
      RATE_LIMIT_PER_MINUTE: '100000000',
      TRUST_PROXY: 'true',
      ADMIN_HOST: '127.0.0.1',
      ADMIN_PORT: String(adminPort),
      // The click rules' clocks run as fast as the burst's: "10 s after send", "60 s fan-out".
      CLICK_AFTER_SEND_SECONDS: String(10 / scale.compression),
      CLICK_FANOUT_WINDOW_SECONDS: seconds(60),
    },
    { logFile },
  );
  figures.push({
    section,
    name: 'start-up to first 200 /api/health',
    value: server.startupMs,
    unit: 'ms',
    target: { op: '<=', value: 1000, of: 'value' },
    note: `${scale.recipients / 1000}k recipients in the database`,
  });

  const counter = openDatabase(database.url);
  const ledger = new Ledger();
  const dashboard = watchDashboard(`http://127.0.0.1:${adminPort}`, seeded.campaignId, seeded.apiKey);
  try {
    // The messages leave now: the "after send" rule measures from here.
    await sql`update recipients set sent_at = ${new Date().toISOString()} where campaign_id = ${seeded.campaignId}`.execute(
      counter.db,
    );
    const serverPid = server.child.pid ?? 0;
    let cpu = cpuMark(serverPid);
    const scanners = await scannersOpenEveryLink(
      new Client(server.url, scale.connections, ledger),
      seeded.rids,
    );
    const afterScan = dashboard.cut();
    figures.push(
      ...phaseFigures(section, 'phase 1 scanners', scanners, undefined, cpuUse(cpu, serverPid)),
      await storedFigure(section, 'phase 1', counter, seeded.campaignId, ledger),
      ...dashboardFigures(section, 'phase 1', afterScan),
    );

    const people = pick(seeded.rids, Math.round(seeded.rids.length * scale.clickers));
    const span = 600_000 / scale.compression;
    cpu = cpuMark(serverPid);
    // Browsers each hold their own connections; a generous pool stands in for them.
    const clickers = await peopleClickAndWalk(new Client(server.url, 256, ledger), people, span, scale);
    const afterPeople = dashboard.cut();
    figures.push(
      ...phaseFigures(section, 'phase 2 people', clickers, span, cpuUse(cpu, serverPid)),
      await storedFigure(section, 'phase 2', counter, seeded.campaignId, ledger),
      ...dashboardFigures(section, 'phase 2', afterPeople),
    );
    figures.push(loggedErrorsFigure(section, logFile));
    figures.push({
      section,
      name: 'resident memory after the burst',
      value: server.rssMb(),
      unit: 'MB',
      target: { op: '<=', value: 200, of: 'value' },
      note: memoryParts(serverPid),
    });
    figures.push(...(await verdictFigures(section, counter, seeded, people)));
  } finally {
    await dashboard.stop();
    await server.stop();
    await counter.close();
  }
  return figures;
}

/** Phase 1: every link opened once, by as many scanners at a time as the client has connections. */
async function scannersOpenEveryLink(client: Client, rids: readonly string[]): Promise<Tally> {
  const tally = new Tally();
  let next = 0;
  await Promise.all(
    Array.from({ length: client.connections }, async () => {
      while (next < rids.length) {
        const i = next++;
        await scan(client, tally, rids[i]!, i);
      }
    }),
  );
  tally.ended = performance.now();
  await client.close();
  return tally;
}

/** Phase 2: person k starts at about k/n of `span` ms and walks the journey, pauses compressed. */
async function peopleClickAndWalk(
  client: Client,
  people: readonly string[],
  span: number,
  scale: BurstScale,
) {
  const tally = new Tally();
  const think = () => (1500 + Math.random() * 6000) / scale.compression;
  const walks: Promise<void>[] = [];
  for (let k = 0; k < people.length; k++) {
    const due = tally.started + ((k + Math.random()) / people.length) * span;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    walks.push(walk(client, tally, people[k]!, k, think));
  }
  await Promise.all(walks);
  tally.ended = performance.now();
  await client.close();
  return tally;
}

/** The demo campaign with `size` recipients more, none sent yet; their rids in creation order. */
async function seed(database: BenchDatabase, size: number) {
  const store = await openBenchStore(database);
  try {
    const demo = await benchDemo(store);
    const rids: string[] = [];
    const created = Date.now() - 86_400_000;
    const built = await buildInBatches(
      store.db,
      size,
      (start, end) => {
        const recipients: NewRecipient[] = [];
        for (let i = start; i < end; i++) {
          const rid = newRid();
          rids.push(rid);
          recipients.push({
            id: newId(),
            tenant_id: demo.tenantId,
            campaign_id: demo.campaignId,
            rid,
            email: `burst${i}@example.com`,
            person_id: null,
            first_name: null,
            language_code: LANGUAGES[i % LANGUAGES.length]!,
            department: `Department ${i % 20}`,
            created_at: new Date(created + i).toISOString(),
          });
        }
        return { recipients };
      },
      { analyze: true },
    );
    return {
      campaignId: demo.campaignId,
      apiKey: demo.apiKey,
      rids,
      rowsPerSecond: built.rows / (built.ms / 1000),
    };
  } finally {
    await store.db.close();
  }
}

/** `count` of the rids, chosen at random (Fisher–Yates on a copy). */
function pick(rids: readonly string[], count: number): string[] {
  const copy = [...rids];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

// Run on its own: `npx tsx bench/burst.ts [recipients]` (needs a build: npm run build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const recipients = Number(process.argv[2] ?? FULL_BURST.recipients);
  const scale = recipients <= QUICK_BURST.recipients ? QUICK_BURST : { ...FULL_BURST, recipients };
  const databases = await benchDatabases();
  try {
    for (const database of databases) {
      console.log(
        `burst/${database.kind}: ${recipients} recipients, ten minutes of clicks compressed ${scale.compression}× (into ${600 / scale.compression} s)`,
      );
      for (const figure of await burstBench(database, { ...scale, recipients }))
        console.log(formatFigure(figure));
    }
  } finally {
    for (const database of databases) await database.drop();
  }
}
