#!/usr/bin/env node
// `npm start`: build the web app if it is missing or older than its sources, then serve with
// the demo data created on an empty database.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

const sources = ['src/web', 'src/shared', 'public'].map((d) => newestMtime(path.join(root, d)));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < Math.max(...sources)) {
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.argv.splice(2, 0, 'serve', '--demo-if-empty');
await import('./hookwise.js');
