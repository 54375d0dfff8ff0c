/**
 * `npm run bench [-- --quick]`: every Hookwise benchmark, each printing its figures with the
 * ratio to a baseline measured in the same run and its target (MISS when not met). Writes
 * bench/results/latest.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliActor, setFallbackActor } from '@server/modules/audit/actor-context';
import { benchDatabases } from './support/databases';
import { formatFigure, met, type Figure } from './support/report';
import { root } from './support/processes';
import { burstBench, FULL_BURST, QUICK_BURST } from './burst';
import { clicksBench } from './clicks';
import { dashboardBench } from './dashboard';
import { frontendBench } from './frontend';
import { growthBench } from './growth';
import { httpBench } from './http';
import { peopleBench } from './people';
import { programmeBench } from './programme';

// The benchmarks seed their data through the services, as the command line does: as its actor.
setFallbackActor(cliActor());

const quick = process.argv.includes('--quick');
// --only=http|growth|dashboard|programme|burst|clicks|people|web runs one section, or several
// comma-separated (while working on them); by default all of them run.
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (section: string) => !only || only.includes(section);
const figures: Figure[] = [];
const print = (list: Figure[]) => {
  for (const figure of list) console.log(formatFigure(figure));
  figures.push(...list);
};

console.log(
  `Hookwise benchmarks (${quick ? 'quick' : 'full'}) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}\n`,
);
// Measure what the sources say now: the web app and the server are built first (a few seconds).
const build = spawnSync('npm', ['run', 'build', '--silent'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('npm run build failed');
const databases = await benchDatabases();
try {
  for (const database of databases) {
    if (wanted('http')) print(await httpBench(database, { seconds: quick ? 2 : 10 }));
  }
  for (const database of databases) {
    const sizes = quick ? [5_000, 20_000] : [10_000, 50_000, 125_000];
    if (wanted('growth')) print(await growthBench(database, sizes));
  }
  for (const database of databases) {
    if (wanted('dashboard')) print(await dashboardBench(database, quick ? 20_000 : 100_000));
  }
  for (const database of databases) {
    if (wanted('programme')) print(await programmeBench(database));
  }
  for (const database of databases) {
    if (!wanted('burst')) break;
    const scale = quick ? QUICK_BURST : FULL_BURST;
    console.log(
      `burst/${database.kind}: ${scale.recipients} recipients, ten minutes of clicks compressed ${scale.compression}× (played in ${600 / scale.compression} s)`,
    );
    print(await burstBench(database, scale));
  }
  for (const database of databases) {
    if (wanted('clicks')) print(await clicksBench(database));
  }
  for (const database of databases) {
    if (wanted('people')) print(await peopleBench(database, quick ? 2_000 : 10_000));
  }
  const first = databases[0];
  if (wanted('web') && first) print(await frontendBench(first));
} finally {
  for (const database of databases) await database.drop();
}

const misses = figures.filter((f) => met(f) === false);
console.log(
  `\n${figures.length} figures, ${misses.length} targets missed${misses.length ? `: ${misses.map((f) => `${f.section} ${f.name}`).join('; ')}` : ''}`,
);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/results/latest.json'),
  `${JSON.stringify({ quick, at: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, figures: figures.map((f) => ({ ...f, met: met(f) })) }, null, 2)}\n`,
);
