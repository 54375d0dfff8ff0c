/**
 * Apps for hardening tests that need their own configuration (a small rate limit, a trusted
 * proxy) or every route's definition: built like the harness's, on a fresh database.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildAdminApp, buildApp } from '@server/app';
import type { DatabaseConnection } from '@server/db/database';
import { databaseKinds, testConfig, type DatabaseKind } from '@server/test/harness';

export interface OwnApp {
  /** The public listener's app, and its routes. */
  app: FastifyInstance;
  routes: RouteOptions[];
  /** The admin listener's app (operator API, console), and its routes. */
  admin: FastifyInstance;
  adminRoutes: RouteOptions[];
  database: DatabaseConnection;
  close(): Promise<void>;
}

export async function ownApp(env: Record<string, string> = {}, kind?: DatabaseKind): Promise<OwnApp> {
  const chosen = kind ?? databaseKinds()[0];
  if (!chosen) throw new Error('no database to test against');
  const opened = await chosen.open();
  const routes: RouteOptions[] = [];
  const adminRoutes: RouteOptions[] = [];
  const ctx = { config: testConfig(env), database: opened.database };
  const app = await buildApp(ctx, { logger: { level: 'silent' }, onRoute: (route) => routes.push(route) });
  const admin = await buildAdminApp(ctx, {
    logger: { level: 'silent' },
    onRoute: (route) => adminRoutes.push(route),
  });
  await Promise.all([app.ready(), admin.ready()]);
  return {
    app,
    routes,
    admin,
    adminRoutes,
    database: opened.database,
    close: async () => {
      await Promise.all([app.close(), admin.close()]);
      await opened.dispose();
    },
  };
}
