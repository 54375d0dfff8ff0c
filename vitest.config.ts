/**
 * Five test projects: web (jsdom: the recipient pages and the operator console), server (API via app.inject), build (checks on the built
 * dist/web, in node), e2e (Chromium, real server) and hardening (attacks, fuzzing, faults and
 * durability; see SECURITY.md).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './build/aliases.ts';

export default defineConfig({
  test: {
    // Most of the suite waits (on PostgreSQL, SMTP, IMAP, Chromium) rather than computes: three
    // files at a time keep two cores busy, where Vitest's default (cores − 1) ran one at a time.
    // `npm test` (bin/test.js) runs the e2e and hardening projects beside the others instead.
    maxWorkers: 3,
    projects: [
      {
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'src/web/**/*.test.{ts,tsx}',
            'src/console/**/*.test.{ts,tsx}',
            'src/shared/**/*.test.ts',
          ],
          setupFiles: ['src/web/test/setup.ts'],
          // Typing with user-event in jsdom takes seconds when the suite shares two cores.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'public/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          // Fixtures call services directly: they act as `test` (src/server/test/actor-setup.ts).
          setupFiles: ['src/server/test/actor-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share their worker's modules: each imported the whole server again (200 s of
          // the suite's time). They mock nothing, and each opens its own database and app.
          isolate: false,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'build',
          environment: 'node',
          include: ['build-checks/**/*.test.ts'],
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          setupFiles: ['src/server/test/actor-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits for what a page shows; its default second is too short for a page
          // load when the browser shares two busy cores with the rest of the suite.
          expect: { poll: { timeout: 15_000 } },
          // One browser at a time: each file starts its own Chromium and server.
          fileParallelism: false,
          // One worker runs them all, keeping the modules it imported (90 s of imports otherwise).
          isolate: false,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'hardening',
          environment: 'node',
          include: ['hardening/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/actor-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
