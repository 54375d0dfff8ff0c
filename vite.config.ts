/** Builds the web app into dist/web, with brotli and gzip copies of every compressible file. */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './build/aliases.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react(), precompress()],
  // i18next-http-backend falls back to cross-fetch; every browser we serve has fetch.
  resolve: {
    alias: { ...aliases, 'cross-fetch': path.resolve(import.meta.dirname, 'src/web/lib/fetch-shim.ts') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // Keep CSS in files (no inline style elements) so the CSP needs no 'unsafe-inline'.
    assetsInlineLimit: 0,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
