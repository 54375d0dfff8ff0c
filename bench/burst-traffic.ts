/**
 * The burst's traffic, over HTTP only: mail scanners that GET a link (some run the page as a
 * headless browser would, reporting what it saw of itself), and people who click in a browser
 * and walk the journey. Each request's latency and outcome goes to its phase's tally; every write
 * the server acknowledged (2xx) is counted in the ledger, to be compared with the stored rows.
 */
import { Pool } from 'undici';
import type { EventBody } from '@shared/journey';

/** One phase's requests: latencies (ms), failures by status or error code. */
export class Tally {
  readonly latencies: number[] = [];
  readonly failures = new Map<string, number>();
  started = performance.now();
  ended = this.started;

  get requests() {
    return this.latencies.length;
  }

  get errors() {
    let n = 0;
    for (const count of this.failures.values()) n += count;
    return n;
  }

  fail(why: string) {
    this.failures.set(why, (this.failures.get(why) ?? 0) + 1);
  }

  percentile(p: number) {
    const sorted = Float64Array.from(this.latencies).sort();
    return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
  }
}

/** Writes the server answered 2xx, each of which must be a stored row. */
export class Ledger {
  /** Recipients whose /phish answered 200: one `visited` event each. */
  readonly visitedRids = new Set<string>();
  /** /phish answered 200: one visit (source page) each. */
  pageVisits = 0;
  /** clicked answered 2xx: one visit (source event) each. */
  clickReports = 0;
  /** Event posts answered `recorded: true`: one event each (besides `visited`). */
  recordedEvents = 0;
  /** submitted and questionnaire attempts answered 2xx: one journey_attempts row each. */
  attempts = 0;
}

interface Call {
  path: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export class Client {
  private readonly pool: Pool;

  constructor(
    url: string,
    readonly connections: number,
    readonly ledger: Ledger,
  ) {
    this.pool = new Pool(url, { connections, keepAliveTimeout: 30_000 });
  }

  close() {
    return this.pool.close();
  }

  /** The response body of a 2xx, else undefined (the failure is in the tally). */
  async call(tally: Tally, call: Call): Promise<string | undefined> {
    const started = performance.now();
    try {
      const res = await this.pool.request({
        path: call.path,
        method: call.method ?? 'GET',
        headers: call.headers,
        body: call.body ?? null,
      });
      const text = await res.body.text();
      tally.latencies.push(performance.now() - started);
      if (res.statusCode >= 200 && res.statusCode < 300) return text;
      tally.fail(String(res.statusCode));
    } catch (error) {
      tally.latencies.push(performance.now() - started);
      tally.fail((error as { code?: string }).code ?? 'network');
    }
    return undefined;
  }

  async page(tally: Tally, rid: string, headers: Record<string, string>) {
    const ok = await this.call(tally, { path: `/phish?rid=${rid}`, headers });
    if (ok === undefined) return false;
    this.ledger.pageVisits++;
    this.ledger.visitedRids.add(rid);
    return true;
  }

  campaign(tally: Tally, rid: string, headers: Record<string, string>) {
    return this.call(tally, { path: `/api/campaign/${rid}`, headers: { ...headers, accept: '*/*' } });
  }

  /** POST /api/events as the page sends it; counts what the answer says was written. */
  async event(tally: Tally, body: EventBody, headers: Record<string, string>) {
    const text = await this.call(tally, {
      path: '/api/events',
      method: 'POST',
      headers: { ...headers, accept: '*/*', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (text === undefined) return false;
    const { recorded } = JSON.parse(text) as { recorded: boolean };
    if (body.type === 'clicked') this.ledger.clickReports++;
    if (body.type === 'submitted' || (body.type === 'questionnaire_completed' && recorded))
      this.ledger.attempts++;
    if (recorded) this.ledger.recordedEvents++;
    return true;
  }
}

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Scanner {
  name: string;
  /** The scanner's /24 (the first three octets); catalogued ones are in scanner-catalogue.json. */
  network: string;
  agent: string;
  /** Runs the page (fetches the campaign, reports a click) as a headless browser would. */
  runs?: { webdriver: boolean };
}

/**
 * Gateways that only GET (three from catalogued networks, two from cloud networks nobody
 * catalogued, judged by fan-out alone), and two that run the page: a headless Chrome that says
 * so, and a sandbox hiding navigator.webdriver behind a desktop Chrome agent.
 */
const FETCHERS: Scanner[] = [
  { name: 'Exchange Online Protection', network: '40.92.4', agent: CHROME },
  { name: 'Proofpoint', network: '148.163.130', agent: 'Mozilla/5.0 (compatible; urldefense)' },
  { name: 'Mimecast', network: '205.139.110', agent: 'Mozilla/5.0 (compatible; Mimecast URL Protect)' },
  { name: 'uncatalogued script', network: '34.91.7', agent: 'python-requests/2.32.3' },
  { name: 'uncatalogued gateway', network: '3.121.4', agent: CHROME },
];
const RUNNERS: Scanner[] = [
  {
    name: 'headless sandbox',
    network: '35.204.3',
    agent: CHROME.replace('Chrome/', 'HeadlessChrome/'),
    runs: { webdriver: true },
  },
  { name: 'stealth sandbox', network: '104.199.9', agent: CHROME, runs: { webdriver: false } },
];

/** Every tenth recipient's link is opened by a scanner that runs the page. */
export const RUNNER_SHARE = 0.1;

function scannerFor(i: number): Scanner {
  return i % 10 === 9 ? RUNNERS[Math.floor(i / 10) % RUNNERS.length]! : FETCHERS[i % FETCHERS.length]!;
}

/** A scanner's visit to recipient i's link: GET, no script; a runner then runs the page. */
export async function scan(client: Client, tally: Tally, rid: string, i: number) {
  const scanner = scannerFor(i);
  const headers = {
    'user-agent': scanner.agent,
    'x-forwarded-for': `${scanner.network}.${1 + (i % 250)}`,
    accept: scanner.runs ? 'text/html,application/xhtml+xml,*/*;q=0.8' : '*/*',
  };
  if (!(await client.page(tally, rid, headers)) || !scanner.runs) return;
  await client.campaign(tally, rid, headers);
  await client.event(
    tally,
    {
      rid,
      type: 'clicked',
      details: {
        reason: 'render_beacon',
        elapsed_ms: 5200 + (i % 700),
        page: 'builtin',
        evidence: {
          webdriver: scanner.runs.webdriver,
          visible_ms: 5000,
          focused: false,
          trusted_gesture: false,
          pointer_moved: false,
        },
      },
    },
    headers,
  );
}

const PEOPLE_AGENTS = [
  CHROME,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** What person k does: 15% only look (render beacon), the others act (pointer, key or touch). */
export function personKind(k: number): 'looks' | 'pointer' | 'key' | 'touch' {
  const slot = k % 20;
  if (slot < 3) return 'looks';
  if (slot < 5) return 'key';
  if (slot < 8) return 'touch';
  return 'pointer';
}

/**
 * Person k clicks recipient `rid`'s link and walks the journey, pausing `think()` ms between
 * steps: the page, its campaign data, the render beacon; then (unless they only look) the
 * gesture, the sign-in submit and, for three in four, every step to completion. Each person
 * comes from a network of their own (home, mobile), so no fan-out joins them.
 */
export async function walk(client: Client, tally: Tally, rid: string, k: number, think: () => number) {
  const kind = personKind(k);
  const pause = () => new Promise((resolve) => setTimeout(resolve, think()));
  const headers = {
    'user-agent': kind === 'touch' ? PHONE : PEOPLE_AGENTS[k % PEOPLE_AGENTS.length]!,
    'x-forwarded-for': `${81 + (k >> 16)}.${(k >> 8) & 255}.${k & 255}.${1 + (k % 200)}`,
  };
  const navigate = {
    ...headers,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
  };
  if (!(await client.page(tally, rid, navigate))) return;
  if ((await client.campaign(tally, rid, headers)) === undefined) return;
  const evidence = (trusted: boolean) => ({
    webdriver: false,
    visible_ms: 5000,
    focused: true,
    trusted_gesture: trusted,
    pointer_moved: kind === 'pointer' || kind === 'looks',
  });
  await pause();
  const beacon = { reason: 'render_beacon' as const, elapsed_ms: 5400, page: 'builtin' as const };
  await client.event(
    tally,
    { rid, type: 'clicked', details: { ...beacon, evidence: evidence(false) } },
    headers,
  );
  if (kind === 'looks') return;
  await pause();
  const gesture = {
    reason: 'user_gesture' as const,
    elapsed_ms: 9000,
    page: 'builtin' as const,
    gesture: kind,
  };
  await client.event(
    tally,
    { rid, type: 'clicked', details: { ...gesture, evidence: evidence(true) } },
    headers,
  );
  await client.event(
    tally,
    { rid, type: 'submitted', details: { fields: ['username', 'password'] } },
    headers,
  );
  if (k % 4 === 3) return;
  for (const type of ['awareness_viewed', 'pdf_viewed', 'sei_viewed'] as const) {
    await pause();
    await client.event(tally, { rid, type }, headers);
  }
  await pause();
  const answers = { q1: [k % 3 === 0 ? 'b' : 'a'], q2: ['a', 'b'], q3: ['b'] };
  await client.event(tally, { rid, type: 'questionnaire_completed', details: { answers } }, headers);
  await client.event(tally, { rid, type: 'completed' }, headers);
}
