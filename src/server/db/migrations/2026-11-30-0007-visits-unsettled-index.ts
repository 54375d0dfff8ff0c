/**
 * Fan-out downgrades read the visits of one network in the window that are not yet judged
 * automated. Under a scanner's burst nearly all of them are automated already, yet the
 * (tenant, network, time) index made each landing walk every visit of the window: a partial
 * index holds only the unsettled ones, so the read stays small however many visits the window
 * has. Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // The literal is the index's condition: a query must name it the same way to use the index.
  await sql`create index visits_network_unsettled on visits (tenant_id, network, created_at)
    where verdict <> 'automated'`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('visits_network_unsettled').execute();
}
