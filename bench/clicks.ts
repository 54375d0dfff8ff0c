/**
 * How well clicks are judged (issue 25): a labelled corpus of scanner and people behaviours
 * (e2e/support/people.ts) replayed through the real server process (production mode,
 * TRUST_PROXY so each case comes from its own network, the corpus's office declared in
 * CLICK_EGRESS_NETWORKS) and Debian's Chromium, then every recipient's verdict read from the
 * database. "Counted" is what the results count as clicked: the recipient's `clicked` step,
 * set by a `human` or `likely_human` verdict. Prints the confusion matrix, recall of people and
 * scanner exclusion, each case's tally and every miss with its verdict's reasons.
 * `npm run bench -- --only=clicks`, or `npx tsx bench/clicks.ts` for this alone (needs a build).
 */
import path from 'node:path';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { browserAvailable } from '../e2e/support/browser';
import {
  corpus,
  DECLARED_OFFICE,
  judged,
  launchAutomationBrowser,
  launchPersonBrowser,
  markSent,
  pool,
  type Case,
  type Judged,
  type Stage,
} from '../e2e/support/people';
import { benchDatabases, type BenchDatabase } from './support/databases';
import { loggedErrorsFigure, startHookwise } from './support/processes';
import { formatFigure, type Figure } from './support/report';
import { benchDemo, openBenchStore, type BenchStore } from './support/seed';

/** Browser contexts (and fetches) at once: two cores run the server and Chromium together. */
const AT_ONCE = 10;
/** After the last instance has left: settled once no verdict changed for this long. */
const QUIET_MS = 1500;
const SETTLE_LIMIT_MS = 15_000;

interface Instance {
  case: Case;
  index: number;
  rid: string;
  error?: unknown;
  judged?: Judged;
  /** For a miss: its visits, as stored (source, verdict, reasons, gesture shape, time since sent). */
  visits?: string[];
}

const countedOf = (j: Judged | undefined) => j?.clicked === true;

export async function clicksBench(database: BenchDatabase): Promise<Figure[]> {
  const section = `clicks/${database.kind}`;
  if (!browserAvailable) {
    console.warn(`*** SKIPPED: ${section} (no Chromium; apt-get install -y chromium) ***`);
    return [];
  }
  const cases = corpus();
  const people = cases.filter((c) => c.label === 'person');
  const scanners = cases.filter((c) => c.label === 'scanner');
  const sum = (list: Case[]) => list.reduce((n, c) => n + c.count, 0);
  console.log(
    `${section}: ${sum(cases)} links, ${sum(people)} people in ${people.length} behaviours and ${sum(scanners)} scanner visits in ${scanners.length}`,
  );
  const store = await openBenchStore(database);
  const logFile = path.join(database.dataDir, 'clicks-requests.log');
  // Whatever was started is stopped, last first, however the run ends.
  const started: (() => Promise<unknown>)[] = [() => store.db.close()];
  const instances: Instance[] = [];
  let playedMs = 0;
  try {
    instances.push(...(await seed(store, cases)));
    const server = await startHookwise(
      {
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        POLL_TOKEN_SECRET: 'bench-clicks-secret-0123456789-0123456789',
        TRUST_PROXY: 'true',
        // One machine plays every client: the budget per address would refuse the office's NAT.
        RATE_LIMIT_PER_MINUTE: '100000',
        CLICK_EGRESS_NETWORKS: DECLARED_OFFICE,
      },
      { logFile },
    );
    started.unshift(() => server.stop());
    const person = await launchPersonBrowser();
    started.unshift(() => person.close());
    const automation = await launchAutomationBrowser();
    started.unshift(() => automation.close());
    const stage: Stage = { url: server.url, db: store.db.db, person, automation };

    const from = performance.now();
    const results = await pool(schedule(stage, instances), AT_ONCE);
    results.forEach((result, k) => {
      if (result.status === 'rejected') instances[k]!.error = result.reason ?? new Error('rejected');
    });
    playedMs = performance.now() - from;
    await settle(stage, instances);
    for (const miss of instances.filter(isMiss)) miss.visits = await visitsOf(stage, miss.rid);
  } finally {
    for (const stop of started) await stop();
  }

  const matrix = {
    peopleCounted: instances.filter((i) => i.case.label === 'person' && countedOf(i.judged)).length,
    peopleMissed: instances.filter((i) => i.case.label === 'person' && !countedOf(i.judged)).length,
    scannersCounted: instances.filter((i) => i.case.label === 'scanner' && countedOf(i.judged)).length,
    scannersExcluded: instances.filter((i) => i.case.label === 'scanner' && !countedOf(i.judged)).length,
  };
  printCases(cases, instances);
  printMatrix(matrix);
  printMisses(instances);

  const peopleTotal = matrix.peopleCounted + matrix.peopleMissed;
  const scannerTotal = matrix.scannersCounted + matrix.scannersExcluded;
  const failed = instances.filter((i) => i.error !== undefined);
  const behaviours = `${people.length} people behaviours, ${scanners.length} scanner behaviours`;
  return [
    {
      section,
      name: 'recall of people (counted / people)',
      value: matrix.peopleCounted / peopleTotal,
      unit: '',
      target: { op: '>=', value: 0.99, of: 'value' },
      note: `${matrix.peopleCounted} of ${peopleTotal}; ${behaviours}`,
    },
    {
      section,
      name: 'scanner exclusion (excluded / scanners)',
      value: matrix.scannersExcluded / scannerTotal,
      unit: '',
      target: { op: '>=', value: 0.99, of: 'value' },
      note: `${matrix.scannersExcluded} of ${scannerTotal}`,
    },
    { section, name: 'people counted', value: matrix.peopleCounted, unit: '' },
    { section, name: 'people missed', value: matrix.peopleMissed, unit: '' },
    { section, name: 'scanners counted', value: matrix.scannersCounted, unit: '' },
    { section, name: 'scanners excluded', value: matrix.scannersExcluded, unit: '' },
    {
      section,
      name: 'instances the harness could not play',
      value: failed.length,
      unit: '',
      target: { op: '<=', value: 0, of: 'value' },
      ...(failed[0]
        ? { note: `first: ${failed[0].case.name}: ${String(failed[0].error).split('\n')[0]}` }
        : {}),
    },
    { section, name: 'corpus played in', value: playedMs / 1000, unit: 's', note: `${AT_ONCE} at a time` },
    loggedErrorsFigure(section, logFile),
  ];
}

/** One recipient per instance, their messages sent an hour ago (the after-send case moves its own). */
async function seed(store: BenchStore, cases: Case[]): Promise<Instance[]> {
  const demo = await benchDemo(store);
  const identities = Array.from({ length: cases.reduce((n, c) => n + c.count, 0) }, (_, i) => ({
    email: `corpus${i}@example.com`,
    person_id: null,
    first_name: null,
    language_code: null,
  }));
  const campaign = { id: demo.campaignId, tenant_id: demo.tenantId };
  const rows = await addRecipients(store.db.db, campaign, identities);
  await markSent(
    store.db.db,
    rows.map((r) => r.rid),
    3600,
  );
  const instances: Instance[] = [];
  for (const c of cases) {
    for (let index = 0; index < c.count; index++) {
      instances.push({ case: c, index, rid: rows[instances.length]!.rid });
    }
  }
  return instances;
}

/**
 * The instances' plays in corpus order, for a pool of AT_ONCE: a case's instances come one after
 * another, so they fall within its network's minute. A case that opens its links `atOnce` at a
 * time has instance i wait for instance i - atOnce (holding its place, not the CPU).
 */
function schedule(stage: Stage, instances: Instance[]): (() => Promise<void>)[] {
  const finished = instances.map(() => {
    let done!: () => void;
    const promise = new Promise<void>((resolve) => (done = resolve));
    return { promise, done };
  });
  return instances.map((instance, k) => async () => {
    const { case: c, index } = instance;
    const atOnce = c.atOnce ?? c.count;
    if (index >= atOnce) await finished[k - atOnce]!.promise;
    try {
      await c.play(stage, instance.rid, index, c.address(index));
    } finally {
      finished[k]!.done();
    }
  });
}

/**
 * Reads every recipient's verdict until nothing changed for QUIET_MS: the last pages' reports
 * (sent with keepalive as a tab closes) may still be on their way when the browser is done.
 */
async function settle(stage: Stage, instances: Instance[]) {
  const deadline = performance.now() + SETTLE_LIMIT_MS;
  let last = '';
  let quietSince = performance.now();
  for (;;) {
    for (const instance of instances) instance.judged = await judged(stage.db, instance.rid);
    const now = JSON.stringify(instances.map((i) => i.judged));
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= QUIET_MS) return;
    if (performance.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

function printCases(cases: Case[], instances: Instance[]) {
  for (const c of cases) {
    const mine = instances.filter((i) => i.case === c);
    const counted = mine.filter((i) => countedOf(i.judged)).length;
    const right = c.label === 'person' ? counted : mine.length - counted;
    const mark = right === mine.length ? '  ' : '✗ ';
    const verdicts = [...new Set(mine.map((i) => i.judged?.verdict ?? 'none'))].join('/');
    console.log(
      `  ${mark}${c.label.padEnd(8)} ${String(counted).padStart(2)} of ${String(mine.length).padEnd(2)} counted  ${c.name} (${verdicts})`,
    );
  }
}

function printMatrix(m: {
  peopleCounted: number;
  peopleMissed: number;
  scannersCounted: number;
  scannersExcluded: number;
}) {
  console.log(
    [
      '',
      '               counted   not counted',
      `  people     ${String(m.peopleCounted).padStart(8)}  ${String(m.peopleMissed).padStart(12)}   (people counted / people missed)`,
      `  scanners   ${String(m.scannersCounted).padStart(8)}  ${String(m.scannersExcluded).padStart(12)}   (scanners counted / scanners excluded)`,
      '',
    ].join('\n'),
  );
}

const isMiss = (i: Instance) => countedOf(i.judged) !== (i.case.label === 'person');

async function visitsOf(stage: Stage, rid: string): Promise<string[]> {
  const rows = await stage.db
    .selectFrom('visits')
    .innerJoin('recipients', 'recipients.id', 'visits.recipient_id')
    .select(['visits.source', 'visits.verdict', 'visits.reasons', 'visits.gesture_shape', 'visits.facts'])
    .where('recipients.rid', '=', rid)
    .orderBy('visits.created_at')
    .execute();
  return rows.map((v) => {
    const facts = JSON.parse(v.facts) as { since_sent_ms?: number | null };
    const sent =
      typeof facts.since_sent_ms === 'number'
        ? `, ${(facts.since_sent_ms / 1000).toFixed(1)} s after send`
        : '';
    const shape = v.gesture_shape ? `, shape ${v.gesture_shape}` : '';
    return `${v.source} ${v.verdict} (${(JSON.parse(v.reasons) as string[]).join(', ')}${shape}${sent})`;
  });
}

function printMisses(instances: Instance[]) {
  const misses = instances.filter(isMiss);
  const failed = instances.filter((i) => i.error !== undefined);
  if (misses.length === 0) console.log('  misses: none');
  for (const miss of misses) {
    const what = miss.case.label === 'person' ? 'person missed' : 'scanner counted';
    const j = miss.judged;
    console.log(
      `  miss: ${what}: ${miss.case.name} #${miss.index + 1}: ${j?.verdict ?? 'no verdict'}${j?.reasons.length ? `: ${j.reasons.join(', ')}` : ''}`,
    );
    for (const visit of miss.visits ?? []) console.log(`      visit: ${visit}`);
  }
  for (const fail of failed) {
    console.log(`  not played: ${fail.case.name} #${fail.index + 1}: ${String(fail.error).split('\n')[0]}`);
  }
  console.log('');
}

// Run on its own: `npx tsx bench/clicks.ts` (needs a build: npm run build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const databases = await benchDatabases();
  try {
    for (const database of databases) {
      for (const figure of await clicksBench(database)) console.log(formatFigure(figure));
    }
  } finally {
    for (const database of databases) await database.drop();
  }
}
