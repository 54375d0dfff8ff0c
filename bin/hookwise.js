#!/usr/bin/env node
// Entry point of the `hookwise` command. Runs the built server (dist/server, plain JavaScript:
// quick to start) when it is up to date with the sources, else the TypeScript sources through tsx.
import { isFresh } from './freshness.js';

const built = isFresh('dist/server/main.js', ['src/server', 'src/shared']);
let cli;
if (built) {
  cli = await import('../dist/server/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/server/cli/main.ts');
}
await cli.runCli(process.argv.slice(2));
