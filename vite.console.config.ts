/**
 * Builds the operator console into dist/console: its own entry and bundle, served by the admin
 * listener, so the recipient pages' first load never carries console code.
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './build/aliases.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  root: 'src/console',
  base: '/',
  // The translations (public/assets/i18n) are served from the console's own /assets/i18n/.
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react(), precompress()],
  resolve: { alias: aliases },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/console'),
    emptyOutDir: true,
    target: 'es2022',
    // The admin CSP allows no inline scripts or styles: every asset stays a file.
    assetsInlineLimit: 0,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8081' } },
});
