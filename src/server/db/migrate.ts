/** Runs the frozen migrations in order; called at start-up and by `hookwise migrate`. */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as initial from './migrations/2026-11-22-0001-initial';
import * as resultsOrderIndex from './migrations/2026-11-23-0001-results-order-index';
import * as recipientSteps from './migrations/2026-11-23-0002-recipient-steps';
import * as reviewSequence from './migrations/2026-11-24-0001-review-sequence';
import * as journeyAttempts from './migrations/2026-11-25-0001-journey-attempts';
import * as rateLimits from './migrations/2026-11-26-0001-rate-limits';
import * as clickEvidence from './migrations/2026-11-27-0001-click-evidence';
import * as accounts from './migrations/2026-11-28-0001-accounts';
import * as previews from './migrations/2026-11-28-0002-previews';
import * as visitVerdictIndex from './migrations/2026-11-28-0003-visit-verdict-index';
import * as dashboard from './migrations/2026-11-29-0001-dashboard-and-reviewer-links';
import * as sending from './migrations/2026-11-29-0002-sending';
import * as dashboardAggregates from './migrations/2026-11-30-0001-dashboard-aggregates';
import * as outboxRateWindow from './migrations/2026-12-01-0001-outbox-rate-window';
import * as urlReporters from './migrations/2026-12-02-0001-url-reporters';
import * as networkReadIndexes from './migrations/2026-12-03-0007-network-read-indexes';
import * as rateLimitsUnlogged from './migrations/2026-12-03-0008-rate-limits-unlogged';
import * as campaignContentVersion from './migrations/2026-12-04-0001-campaign-content-version';
import * as visitWriteIndexes from './migrations/2026-12-04-0002-visit-write-indexes';
import * as peopleCounted from './migrations/2026-12-05-0001-people-counted';
import * as allowlistChecks from './migrations/2026-12-05-0002-allowlist-checks';
import * as qrClickIndex from './migrations/2026-12-05-0003-qr-click-index';
import * as sendingHealth from './migrations/2026-12-06-0001-sending-health';
import * as mfa from './migrations/2026-12-07-0001-mfa';
import * as sso from './migrations/2026-12-08-0001-sso';
import * as people from './migrations/2026-12-08-0002-people';
import * as webhooks from './migrations/2026-12-08-0003-webhooks';
import * as auditRetention from './migrations/2026-12-08-0004-audit-retention';
import * as mailReports from './migrations/2026-12-08-0005-mail-reports';
import * as maliciousUrlChanges from './migrations/2026-12-09-0004-malicious-url-changes';
import * as tenantScenarios from './migrations/2026-12-10-0001-tenant-scenarios';
import * as peopleFilters from './migrations/2026-12-10-0002-people-filters';
import * as pseudonymousReporters from './migrations/2026-12-10-0004-pseudonymous-reporters';
import * as programme from './migrations/2026-12-10-0005-programme';
import * as pageAssets from './migrations/2026-12-10-0006-page-assets';
import * as automations from './migrations/2026-12-11-0001-automations';
import * as training from './migrations/2026-12-11-0002-training';
import * as gophishApi from './migrations/2026-12-11-0003-gophish-api';
import * as gophishCampaignImport from './migrations/2026-12-11-0004-gophish-campaign-import';
import * as programmeMonthIndex from './migrations/2026-12-11-0005-programme-month-index';
import * as programmeDepartment from './migrations/2026-12-11-0006-programme-department';
import * as reportMs from './migrations/2026-12-12-0001-report-ms';
import * as scenarioPreviews from './migrations/2026-12-12-0002-scenario-previews';
import type { Database } from './schema';

// Listed explicitly (not read from disk) so bundling and tests see exactly the same set.
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-23-0001-results-order-index': resultsOrderIndex,
  '2026-11-23-0002-recipient-steps': recipientSteps,
  '2026-11-24-0001-review-sequence': reviewSequence,
  '2026-11-25-0001-journey-attempts': journeyAttempts,
  '2026-11-26-0001-rate-limits': rateLimits,
  '2026-11-27-0001-click-evidence': clickEvidence,
  '2026-11-28-0001-accounts': accounts,
  '2026-11-28-0002-previews': previews,
  '2026-11-28-0003-visit-verdict-index': visitVerdictIndex,
  '2026-11-29-0001-dashboard-and-reviewer-links': dashboard,
  '2026-11-29-0002-sending': sending,
  '2026-11-30-0001-dashboard-aggregates': dashboardAggregates,
  '2026-12-01-0001-outbox-rate-window': outboxRateWindow,
  '2026-12-02-0001-url-reporters': urlReporters,
  '2026-12-03-0007-network-read-indexes': networkReadIndexes,
  '2026-12-03-0008-rate-limits-unlogged': rateLimitsUnlogged,
  '2026-12-04-0001-campaign-content-version': campaignContentVersion,
  '2026-12-04-0002-visit-write-indexes': visitWriteIndexes,
  '2026-12-05-0001-people-counted': peopleCounted,
  '2026-12-05-0002-allowlist-checks': allowlistChecks,
  '2026-12-05-0003-qr-click-index': qrClickIndex,
  '2026-12-06-0001-sending-health': sendingHealth,
  '2026-12-07-0001-mfa': mfa,
  '2026-12-08-0001-sso': sso,
  '2026-12-08-0002-people': people,
  '2026-12-08-0003-webhooks': webhooks,
  '2026-12-08-0004-audit-retention': auditRetention,
  '2026-12-08-0005-mail-reports': mailReports,
  '2026-12-09-0004-malicious-url-changes': maliciousUrlChanges,
  '2026-12-10-0001-tenant-scenarios': tenantScenarios,
  '2026-12-10-0002-people-filters': peopleFilters,
  '2026-12-10-0004-pseudonymous-reporters': pseudonymousReporters,
  '2026-12-10-0005-programme': programme,
  '2026-12-10-0006-page-assets': pageAssets,
  '2026-12-11-0001-automations': automations,
  '2026-12-11-0002-training': training,
  '2026-12-11-0003-gophish-api': gophishApi,
  '2026-12-11-0004-gophish-campaign-import': gophishCampaignImport,
  '2026-12-11-0005-programme-month-index': programmeMonthIndex,
  '2026-12-11-0006-programme-department': programmeDepartment,
  '2026-12-12-0001-report-ms': reportMs,
  '2026-12-12-0002-scenario-previews': scenarioPreviews,
};

/**
 * `schema` (PostgreSQL): the schema the migration tables are in, when it is not the only one
 * holding them. Kysely looks for its tables in every schema unless told which: a second test
 * schema in the same database would otherwise make it skip creating its own.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Migrates up or down to the named migration (tests use it to check a migration's data step). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

/**
 * PostgreSQL: the advisory lock every migration holds, one at a time per database. Instances
 * starting together then migrate one after the other, and a migration never reads the catalogue
 * while a schema is being dropped (the migrator's look at the tables checks each schema's
 * privileges by name, and fails on one dropped meanwhile: the test harness drops its schemas
 * under the same lock).
 */
export const MIGRATION_LOCK_KEY = 7_204_131_733;

async function migrate(db: Kysely<Database>, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  const schema = await postgresSchema(db);
  if (schema === undefined) return migrateIn(db, schema, run);
  // Held on a connection of its own; the migrator takes others from the pool.
  return db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(held);
    try {
      return await migrateIn(db, schema, run);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(held);
    }
  });
}

async function migrateIn(
  db: Kysely<Database>,
  schema: string | undefined,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Named, so the migrator looks for its tables in this schema only: unnamed, it takes another
    // schema's kysely_migration_lock (a parallel test's, another app's) for its own.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const result = await run(migrator);
  if (result.error) throw result.error instanceof Error ? result.error : new Error('migration failed');
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** PostgreSQL: the schema the connection works in (search_path); SQLite: undefined. */
async function postgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema;
}
