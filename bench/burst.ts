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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/server/db/database';
import type { NewRecipient } from '../src/server/db/schema';
import { newId, newRid } from '../src/server/lib/ids';
import type { LanguageCode } from '../src/shared/languages';
import { Client, Ledger, personKind, RUNNER_SHARE, scan, Tally, walk } from './burst-traffic';
import { benchDatabases, type BenchDatabase } from './support/databases';
import { freePort, startHookwise } from './support/processes';
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
    { logFile: path.join(database.dataDir, 'burst-requests.log') },
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
    const scanners = new Tally();
    const scanClient = new Client(server.url, scale.connections, ledger);
    let next = 0;
    await Promise.all(
      Array.from({ length: scale.connections }, async () => {
        while (next < seeded.rids.length) {
          const i = next++;
          await scan(scanClient, scanners, seeded.rids[i]!, i);
        }
      }),
    );
    scanners.ended = performance.now();
    await scanClient.close();
    const afterScan = dashboard.cut();
    figures.push(
      ...phaseFigures(section, 'phase 1 scanners', scanners, undefined, cpuUse(cpu, serverPid)),
      await storedFigure(section, 'phase 1', counter, seeded.campaignId, ledger),
      ...dashboardFigures(section, 'phase 1', afterScan),
    );

    const people = pick(seeded.rids, Math.round(seeded.rids.length * scale.clickers));
    const span = 600_000 / scale.compression;
    const think = () => (1500 + Math.random() * 6000) / scale.compression;
    cpu = cpuMark(serverPid);
    const clickers = new Tally();
    // Browsers each hold their own connections; a generous pool stands in for them.
    const peopleClient = new Client(server.url, 256, ledger);
    const walks: Promise<void>[] = [];
    for (let k = 0; k < people.length; k++) {
      const due = clickers.started + ((k + Math.random()) / people.length) * span;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      walks.push(walk(peopleClient, clickers, people[k]!, k, think));
    }
    await Promise.all(walks);
    clickers.ended = performance.now();
    await peopleClient.close();
    const afterPeople = dashboard.cut();
    figures.push(
      ...phaseFigures(section, 'phase 2 people', clickers, span, cpuUse(cpu, serverPid)),
      await storedFigure(section, 'phase 2', counter, seeded.campaignId, ledger),
      ...dashboardFigures(section, 'phase 2', afterPeople),
    );
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

/**
 * What the resident memory is made of: anonymous (heap, SQLite's page cache) and file-backed
 * (on SQLite, the database file's memory-mapped pages, which the kernel may drop at will).
 */
function memoryParts(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return `anonymous ${mb('RssAnon')} MB, file-backed ${mb('RssFile')} MB, shared memory ${mb('RssShmem')} MB`;
}

/** CPU seconds so far: the server's (from /proc) and this process's (the load generator). */
function cpuMark(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in 1/100 s.
  const server = (Number(fields[11]) + Number(fields[12])) / 100;
  const { user, system } = process.cpuUsage();
  return { at: performance.now(), server, generator: (user + system) / 1e6 };
}

/**
 * Share of one core each used since `mark`: on a shared machine a server given little CPU is
 * starved, not saturated; requests per CPU second of the server says what it costs regardless.
 */
function cpuUse(mark: ReturnType<typeof cpuMark>, pid: number) {
  const now = cpuMark(pid);
  const wall = (now.at - mark.at) / 1000;
  const share = (seconds: number) => `${Math.round((100 * seconds) / wall)}%`;
  return {
    serverSeconds: now.server - mark.server,
    note: `server CPU ${share(now.server - mark.server)}, load generator ${share(now.generator - mark.generator)} of a core`,
  };
}

function phaseFigures(
  section: string,
  phase: string,
  tally: Tally,
  scheduledMs: number | undefined,
  cpu: ReturnType<typeof cpuUse>,
): Figure[] {
  const ms = tally.ended - tally.started;
  const failures = [...tally.failures].map(([why, n]) => `${why}: ${n}`).join(', ');
  return [
    {
      section,
      name: `${phase} req/s`,
      value: tally.requests / (ms / 1000),
      unit: 'req/s',
      note:
        `${tally.requests} requests in ${(ms / 1000).toFixed(1)} s` +
        (scheduledMs ? `, clicks spread over ${(scheduledMs / 1000).toFixed(0)} s` : '') +
        `; ${cpu.note}`,
    },
    {
      section,
      name: `${phase} requests per server CPU second`,
      value: tally.requests / cpu.serverSeconds,
      unit: 'req',
    },
    { section, name: `${phase} p50`, value: tally.percentile(50), unit: 'ms' },
    {
      section,
      name: `${phase} p99`,
      value: tally.percentile(99),
      unit: 'ms',
      // Phase 1 saturates the server on purpose (its p99 is the queue); phase 2 is paced.
      ...(scheduledMs ? { target: { op: '<=' as const, value: 25, of: 'value' as const } } : {}),
    },
    {
      section,
      name: `${phase} errors`,
      value: tally.errors,
      unit: '',
      target: { op: '<=', value: 0, of: 'value' },
      ...(failures ? { note: failures } : {}),
    },
  ];
}

/** Acknowledged writes (cumulative) against the rows stored: visits, events, attempts. */
async function storedFigure(
  section: string,
  phase: string,
  counter: Db,
  campaignId: string,
  ledger: Ledger,
): Promise<Figure> {
  const count = async (table: 'visits' | 'events' | 'journey_attempts', source?: 'page' | 'event') => {
    let query = counter.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId);
    if (source) query = query.where(sql.ref('source'), '=', source);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const stored = {
    pages: await count('visits', 'page'),
    clicks: await count('visits', 'event'),
    events: await count('events'),
    attempts: await count('journey_attempts'),
  };
  const acknowledged = {
    pages: ledger.pageVisits,
    clicks: ledger.clickReports,
    events: ledger.visitedRids.size + ledger.recordedEvents,
    attempts: ledger.attempts,
  };
  const missing = (Object.keys(stored) as (keyof typeof stored)[]).reduce(
    (sum, key) => sum + Math.max(0, acknowledged[key] - stored[key]),
    0,
  );
  return {
    section,
    name: `${phase} 2xx writes not stored`,
    value: missing,
    unit: 'rows',
    target: { op: '<=', value: 0, of: 'value' },
    note: `acknowledged/stored so far: page visits ${acknowledged.pages}/${stored.pages}, click reports ${acknowledged.clicks}/${stored.clicks}, events ${acknowledged.events}/${stored.events}, attempts ${acknowledged.attempts}/${stored.attempts}`,
  };
}

/**
 * An operator watching the campaign's dashboard on the admin listener: requested every 3 s, as
 * the console's live view refreshes (LIVE_INTERVAL_MS), each request timed.
 */
function watchDashboard(adminUrl: string, campaignId: string, apiKey: string) {
  let samples: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${adminUrl}/api/admin/campaigns/${campaignId}/dashboard`, {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        await res.arrayBuffer();
        if (res.status === 200) samples.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3000 - (performance.now() - started))));
    }
  })();
  return {
    /** The samples since the last cut. */
    cut() {
      const taken = { samples, failures };
      samples = [];
      failures = 0;
      return taken;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

function dashboardFigures(section: string, phase: string, taken: { samples: number[]; failures: number }) {
  const sorted = [...taken.samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
  return [
    {
      section,
      name: `${phase} dashboard request, median`,
      value: at(50) ?? Number.NaN,
      unit: 'ms',
      target: { op: '<=', value: 200, of: 'value' },
      note: `${sorted.length} requests, max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms, failed ${taken.failures}`,
    },
    {
      section,
      name: `${phase} dashboard request, p95`,
      value: at(95) ?? Number.NaN,
      unit: 'ms',
    },
  ] satisfies Figure[];
}

/**
 * Who the verdicts say clicked: every recipient only scanners opened should be `automated`,
 * every person who acted `human`, every person who only looked `likely_human`.
 */
async function verdictFigures(
  section: string,
  counter: Db,
  seeded: { campaignId: string; rids: string[] },
  people: string[],
): Promise<Figure[]> {
  const rows = await counter.db
    .selectFrom('recipients')
    .select(['rid', 'verdict'])
    .where('campaign_id', '=', seeded.campaignId)
    .execute();
  const verdicts = new Map(rows.map((row) => [row.rid, row.verdict ?? 'none']));
  const expected = new Map<string, string>(seeded.rids.map((rid) => [rid, 'automated']));
  people.forEach((rid, k) => expected.set(rid, personKind(k) === 'looks' ? 'likely_human' : 'human'));
  const tallies = { scanned: new Map<string, number>(), people: new Map<string, number>() };
  let wrong = 0;
  for (const [rid, want] of expected) {
    const got = verdicts.get(rid) ?? 'none';
    const group = want === 'automated' ? tallies.scanned : tallies.people;
    group.set(got, (group.get(got) ?? 0) + 1);
    if (got !== want) wrong++;
  }
  const list = (map: Map<string, number>) => [...map].map(([verdict, n]) => `${verdict} ${n}`).join(', ');
  return [
    {
      section,
      name: 'recipients only scanners opened: automated',
      value: tallies.scanned.get('automated') ?? 0,
      unit: '',
      note: `of ${seeded.rids.length - people.length} (${Math.round(RUNNER_SHARE * 100)}% ran the page): ${list(tallies.scanned)}`,
    },
    {
      section,
      name: 'people who clicked: human or likely_human',
      value: (tallies.people.get('human') ?? 0) + (tallies.people.get('likely_human') ?? 0),
      unit: '',
      note: `of ${people.length}: ${list(tallies.people)}`,
    },
    {
      section,
      name: 'recipients judged otherwise than they were',
      value: wrong,
      unit: '',
      target: { op: '<=', value: 0, of: 'value' },
    },
  ];
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
