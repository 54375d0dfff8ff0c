/**
 * A real Hookwise server for browser tests: built app, fresh SQLite file, demo data,
 * listening on a free port. Log lines are kept so tests can inspect them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp, buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type DatabaseConnection } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { createDemo, type DemoResult } from '@server/modules/demo/demo.service';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  /** The admin listener: console and operator API. */
  adminUrl: string;
  admin: FastifyInstance;
  database: DatabaseConnection;
  config: Config;
  demo: DemoResult;
  logs: string[];
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-e2e-'));
  // Listen first on a free port, so links in the demo data point at the real address.
  const database = openDatabase(`sqlite:${path.join(dir, 'e2e.db')}`);
  await migrateToLatest(database.db);
  const logs: string[] = [];
  const stream = { write: (line: string) => logs.push(line) } as unknown as NodeJS.WritableStream;
  let config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    POLL_TOKEN_SECRET: 'e2e-secret-0123456789-0123456789-abcdef',
    PORT: '0',
    // A build of its own (vite build --outDir …), so parallel work does not share dist/web.
    ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
    ...(process.env.CONSOLE_ROOT ? { CONSOLE_ROOT: process.env.CONSOLE_ROOT } : {}),
    ...env,
  });
  // One context for both listeners: the public address, known once the public listener has a
  // port, is then what the operator API writes into recipients' links (as PUBLIC_URL would be).
  const ctx: { config: Config; database: DatabaseConnection } = { config, database };
  const app = await buildApp(ctx, { logger: { level: 'info', stream } });
  const admin = await buildAdminApp(ctx, { logger: { level: 'info', stream } });
  const url = await listenOnFreePort(app);
  const adminUrl = await listenOnFreePort(admin);
  config = Object.freeze({ ...config, publicUrl: url, adminPublicUrl: adminUrl });
  ctx.config = config;
  const demo = await createDemo(database.db, config);
  return {
    url,
    app,
    adminUrl,
    admin,
    database,
    config,
    demo,
    logs,
    close: async () => {
      // A connection still busy (a response the test's own fetch left unread) would hold close
      // up forever: the tests are over, so every connection ends now.
      for (const listener of [app, admin]) listener.server.closeAllConnections();
      await Promise.all([app.close(), admin.close()]);
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}
