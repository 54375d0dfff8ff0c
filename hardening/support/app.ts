/**
 * Apps for hardening tests that need their own configuration (a small rate limit, a trusted
 * proxy) or every route's definition: built like the harness's, on a fresh database.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { databaseKinds, testConfig, type DatabaseKind } from '../../src/server/test/harness';

export interface OwnApp {
  app: FastifyInstance;
  database: Db;
  routes: RouteOptions[];
  close(): Promise<void>;
}

export async function ownApp(env: Record<string, string> = {}, kind?: DatabaseKind): Promise<OwnApp> {
  const chosen = kind ?? databaseKinds()[0];
  if (!chosen) throw new Error('no database to test against');
  const opened = await chosen.open();
  const routes: RouteOptions[] = [];
  const app = await buildApp(
    { config: testConfig(env), database: opened.database },
    { logger: { level: 'silent' }, onRoute: (route) => routes.push(route) },
  );
  await app.ready();
  return {
    app,
    database: opened.database,
    routes,
    close: async () => {
      await app.close();
      await opened.dispose();
    },
  };
}
