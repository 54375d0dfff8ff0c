#!/usr/bin/env node
// Entry point of the `hookwise` command: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/server/cli/main.ts');
await runCli(process.argv.slice(2));
