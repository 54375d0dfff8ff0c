/**
 * PostgreSQL: the shared rate-limit counters are an unlogged table. Every limited request
 * writes its counter; logged, each of those writes waited for a WAL flush, which made a read such
 * as GET /api/campaign/:rid a durable write and cost PostgreSQL reads most of their throughput. A
 * counter needs no durability: after a crash the table is empty and every client starts a fresh
 * window, which is what the window's end would do anyway. (Unlogged tables are not replicated:
 * instances count on the primary.) SQLite keeps its counters in memory. Frozen: never edit after
 * release.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`alter table rate_limits set logged`.execute(db);
}

/** Kysely tells migrations nothing about the dialect (by design); its adapter does. */
function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
