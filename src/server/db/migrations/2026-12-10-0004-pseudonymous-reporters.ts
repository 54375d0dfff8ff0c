/**
 * Reporters kept pseudonymous where a tenant asks: `mail_intakes.pseudonymous_reporters` turns it
 * on; a report then keeps a pseudonym in `reporter` (the same for the same person, so clusters
 * still count people) and the address only sealed, in `reporter_sealed`, for the answers.
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('mail_intakes')
    .addColumn('pseudonymous_reporters', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_reports').addColumn('reporter_sealed', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('mail_reports').dropColumn('reporter_sealed').execute();
  await db.schema.alterTable('mail_intakes').dropColumn('pseudonymous_reporters').execute();
}
