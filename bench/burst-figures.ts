/**
 * The burst's figures (bench/burst.ts): each phase's throughput, latency, errors and the CPU the
 * server and the load generator used; acknowledged writes against stored rows; the dashboard's
 * latency while an operator watches it; the verdicts against who opened each link; the server's
 * memory.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { DatabaseConnection } from '@server/db/database';
import { personKind, RUNNER_SHARE, type Ledger, type Tally } from './burst-traffic';
import type { Figure } from './support/report';

/**
 * What the resident memory is made of: anonymous (heap, SQLite's page cache) and file-backed
 * (on SQLite, the database file's memory-mapped pages, which the kernel may drop at will).
 */
export function memoryParts(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return `anonymous ${mb('RssAnon')} MB, file-backed ${mb('RssFile')} MB, shared memory ${mb('RssShmem')} MB`;
}

/** CPU seconds so far: the server's (from /proc) and this process's (the load generator). */
export function cpuMark(pid: number) {
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
export function cpuUse(mark: ReturnType<typeof cpuMark>, pid: number) {
  const now = cpuMark(pid);
  const wall = (now.at - mark.at) / 1000;
  const share = (seconds: number) => `${Math.round((100 * seconds) / wall)}%`;
  return {
    serverSeconds: now.server - mark.server,
    note: `server CPU ${share(now.server - mark.server)}, load generator ${share(now.generator - mark.generator)} of a core`,
  };
}

export function phaseFigures(
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
export async function storedFigure(
  section: string,
  phase: string,
  counter: DatabaseConnection,
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

export function dashboardFigures(
  section: string,
  phase: string,
  taken: { samples: number[]; failures: number },
) {
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
export async function verdictFigures(
  section: string,
  counter: DatabaseConnection,
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

/**
 * An operator watching the campaign's dashboard on the admin listener: requested every 3 s, as
 * the console's live view refreshes (LIVE_INTERVAL_MS), each request timed.
 */
export function watchDashboard(adminUrl: string, campaignId: string, apiKey: string) {
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
