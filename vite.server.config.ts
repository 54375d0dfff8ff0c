/**
 * Builds the server and CLI into dist/server/main.js (dependencies stay in node_modules), so a
 * production start loads plain JavaScript instead of compiling TypeScript on the fly: faster
 * start-up and less memory. bin/hookwise.js falls back to the sources when this build is stale.
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import { aliases } from './build/aliases.ts';

export default defineConfig({
  resolve: { alias: aliases },
  build: {
    ssr: path.resolve(import.meta.dirname, 'src/server/cli/main.ts'),
    outDir: path.resolve(import.meta.dirname, 'dist/server'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      output: {
        entryFileNames: 'main.js',
        minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
      },
    },
  },
  publicDir: false,
  // Dependencies bundled in too: start-up was mostly Node resolving and reading thousands of
  // module files. Native and optional-native modules stay outside.
  ssr: { noExternal: true, external: ['better-sqlite3', 'pg-native', '@node-rs/argon2'] },
  logLevel: 'warn',
});
