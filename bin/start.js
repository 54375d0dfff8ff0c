#!/usr/bin/env node
// `npm start`: build the web app, the server and the operator console if they are missing or older than their
// sources, then serve with the demo data created on an empty database.
import { spawnSync } from 'node:child_process';
import { isFresh, root } from './freshness.js';

const builds = [
  { output: 'dist/web/index.html', sources: ['src/web', 'src/shared', 'public'], args: [] },
  {
    output: 'dist/server/main.js',
    sources: ['src/server', 'src/shared'],
    args: ['-c', 'vite.server.config.ts'],
  },
  {
    output: 'dist/console/index.html',
    sources: ['src/console', 'src/shared', 'public'],
    args: ['-c', 'vite.console.config.ts'],
  },
];
for (const build of builds) {
  if (isFresh(build.output, build.sources)) continue;
  console.log(`Building ${build.output}…`);
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...build.args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.argv.splice(2, 0, 'serve', '--demo-if-empty');
await import('./hookwise.js');
