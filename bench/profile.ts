/**
 * `tsx bench/profile.ts <submit|events|campaign|phish> [seconds] [--postgres]`: Hookwise
 * (dist/server, as the benchmark starts it) under `node --cpu-prof` while autocannon loads one
 * endpoint, then the functions with the most CPU time. The profile and the server's log are
 * written to bench/results/profiles/. `--postgres` runs on a new database at TEST_DATABASE_URL.
 */
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { decodeJwt } from 'jose';
import { benchDatabases } from './support/databases';
import { hookwiseCli, root, startHookwise } from './support/processes';
import { addRecipients, SECRET } from './http';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const which = args[0] ?? 'phish';
const seconds = Number(args[1] ?? 8);
const postgres = process.argv.includes('--postgres');
const dir = path.join(root, 'bench/results/profiles');
mkdirSync(dir, { recursive: true });
const database = (await benchDatabases()).find((d) => d.kind === (postgres ? 'postgres' : 'sqlite'));
if (!database) throw new Error(postgres ? 'set TEST_DATABASE_URL to profile on PostgreSQL' : 'no database');
const env = {
  DATABASE_URL: database.url,
  DATA_DIR: database.dataDir,
  POLL_TOKEN_SECRET: SECRET,
  RATE_LIMIT_PER_MINUTE: '100000000',
};
const demo = JSON.parse(await hookwiseCli(['demo', '--json'], env)) as {
  campaignId: string;
  tenantId: string;
  pollUrl: string;
};
const rids = await addRecipients(database.url, demo.tenantId, demo.campaignId, 20_000);
const token = new URL(demo.pollUrl).searchParams.get('p') ?? '';
const pollUrl = Object.keys(decodeJwt(token).urls as Record<string, boolean>)[0];
const before = new Set(readdirSync(dir));
const logFile = path.join(dir, `${which}-${database.kind}.log`);
const server = await startHookwise(env, { logFile, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
let n = 0;
const next = () => rids[Math.floor(n++ / 3) % rids.length];
const options: autocannon.Options = { url: server.url, connections: 50, duration: seconds };
if (which === 'submit') {
  Object.assign(options, {
    url: `${server.url}/api/submit`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: pollUrl, decision: 'TP' }),
  });
} else if (which === 'events') {
  const types = ['awareness_viewed', 'pdf_viewed', 'sei_viewed'];
  Object.assign(options, {
    url: `${server.url}/api/events`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      { setupRequest: (r: object) => ({ ...r, body: JSON.stringify({ rid: next(), type: types[n % 3] }) }) },
    ],
  });
} else {
  const prefix = which === 'campaign' ? '/api/campaign/' : '/phish?rid=';
  options.requests = [{ setupRequest: (r) => ({ ...r, path: `${prefix}${next()}` }) }];
}
const result = await autocannon(options);
console.log(
  `${which}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}, errors ${result.errors}; log ${logFile}`,
);
await server.stop();
await database.drop();

const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
summarise(path.join(dir, file));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const label = (node: Node) =>
    `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.replace(/.*node_modules\//, '').replace(/.*dist\//, 'dist/')}:${node.callFrame.lineNumber}`;
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (!node) continue;
    self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const key = label(byId.get(id)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + 1);
    }
  }
  const count = profile.samples.length;
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / count).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`\n${file}\nself:\n${top(self, 30).join('\n')}\n\ninclusive:\n${top(total, 70).join('\n')}`);
}
