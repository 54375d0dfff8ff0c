/**
 * Campaigns carry a content version, raised with every change to their content. Every
 * recipient request read the whole campaign file (tens of kilobytes with its translations) only
 * to compare it with the parsed copy in memory; it now reads the version and fetches the file
 * when the version is new to this instance (an operator's change is still seen at once, on every
 * instance). Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('content_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('content_version').execute();
}
