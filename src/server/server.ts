/** Starts Hookwise: migrate, listen, run the outbox and webhook workers, and shut down gracefully on SIGTERM/SIGINT. */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp, buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseConnection } from './db/database';
import { migrateToLatest } from './db/migrate';
import { devLogStream } from './logger';
import { startAuditPruning } from './modules/audit/audit-retention';
import { startMailIntake } from './modules/mail-reports/mail-intake-worker';
import { outboxWorker } from './modules/sending/outbox-worker';
import { automationsWorker } from './modules/automations/automations-worker';
import { webhooksWorker } from './modules/webhooks/webhooks-worker';
import { trainingWorker } from './modules/training/training-worker';

export interface RunningServer {
  /** The public listener: recipients and reviewers. */
  app: FastifyInstance;
  /** The admin listener: the console and the operator API. */
  admin: FastifyInstance;
  database: DatabaseConnection;
  url: string;
  adminUrl: string;
  /** The SMTP intake's port, when SMTP_INTAKE_PORT is set. */
  smtpIntakePort: number | undefined;
  stop(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const ctx = { config, database };
  const app = await buildApp(ctx, { logger: loggerFor(config) });
  const admin = await buildAdminApp(ctx, { logger: loggerFor(config) });
  try {
    await app.listen({ port: config.port, host: config.host });
    await admin.listen({ port: config.adminPort, host: config.adminHost });
  } catch (error) {
    await Promise.allSettled([app.close(), admin.close()]);
    await database.close();
    throw error;
  }
  // Sends the campaigns' mail; any number of processes may run one (docs/sending.md, "The outbox guarantees").
  const worker = config.sending.worker ? outboxWorker(ctx, app.log.child({ module: 'outbox' })) : undefined;
  // Applies the training policies and sends the training's e-mails, beside the outbox (docs/training.md).
  const training = config.sending.worker
    ? trainingWorker(ctx, app.log.child({ module: 'training' }))
    : undefined;
  // Plans the automations' months and hands due messages to the outbox (docs/automations.md).
  const planner = config.sending.worker
    ? automationsWorker(ctx, app.log.child({ module: 'automations' }))
    : undefined;
  // Delivers webhooks and syslog lines; any number of processes may run one (docs/webhooks.md).
  const deliveries = config.webhooks.worker
    ? webhooksWorker(ctx, app.log.child({ module: 'webhooks' }))
    : undefined;
  // Keeps each tenant's audit log to its retention (docs/operators.md, "The audit log").
  const pruning = startAuditPruning(database.db, admin.log.child({ module: 'audit' }));
  // Reads the report mailboxes and runs the SMTP intake (docs/reported-mail.md).
  const intake = await startMailIntake(ctx, admin.log.child({ module: 'mail-intake' })).catch(
    async (error: unknown) => {
      pruning.stop();
      await Promise.all([worker?.stop(), deliveries?.stop(), training?.stop(), planner?.stop()]);
      await Promise.allSettled([app.close(), admin.close()]);
      await database.close();
      throw error;
    },
  );
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      pruning.stop();
      await intake.stop();
      // The message being sent completes and is settled before the database closes.
      await Promise.all([worker?.stop(), deliveries?.stop(), training?.stop(), planner?.stop()]);
      await Promise.all([app.close(), admin.close()]);
      await database.close();
    })();
    return stopping;
  };
  return {
    app,
    admin,
    database,
    url: urlOf(app, config.host),
    adminUrl: urlOf(admin, config.adminHost),
    smtpIntakePort: intake.smtpPort(),
    stop,
  };
}

function urlOf(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Development: short lines on stderr, static files left out (LOG_LEVEL=debug shows them), so
 * the links printed at start-up stay in view. Elsewhere pino's JSON on stdout, as configured.
 */
function loggerFor(config: Config) {
  if (config.nodeEnv !== 'development') return undefined;
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  return { level: config.logLevel, stream: devLogStream(process.stderr, { verbose }) };
}

/** How long closing may take before the process exits anyway (with code 1). */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop taking requests, finish the ones in flight, close the database, exit
 * 0. A second signal exits 1 at once, and so does a shutdown still running after
 * SHUTDOWN_GRACE_MS. An uncaught error closes the same way, then exits 1. Other signals keep
 * Node's default: only SIGTERM and SIGINT are how Hookwise is asked to stop.
 */
export function stopOnSignals(server: RunningServer): void {
  const log = server.app.log;
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      skip: ['SIGHUP', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGSEGV', 'SIGUSR2'],
      // Only reached when closing fails: the other messages have their own callbacks below.
      logger: { error: (error: unknown) => log.error({ err: error }, 'shutdown failed') },
      onSecondSignal: (signal) => log.error({ signal }, 'second signal during shutdown, exiting now'),
      onSecondError: (error) => log.error({ err: error }, 'second error during shutdown, exiting now'),
      onTimeout: (delay) => log.error({ delay }, 'shutdown timed out, exiting now'),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'uncaught error, shutting down');
      else log.info({ signal }, 'shutting down');
      await server.stop();
    },
  );
}
