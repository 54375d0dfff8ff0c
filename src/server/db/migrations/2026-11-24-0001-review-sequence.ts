/**
 * Reviewer decisions get a database-assigned order, `seq`: the latest decision on a URL is the
 * one with the highest seq, never the one with the latest clock time (two instances, or two
 * overlapping transactions, do not agree on the clock). Existing rows are numbered in their
 * created_at order. Frozen: never edit after release.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const COLUMNS = ['id', 'tenant_id', 'url', 'decision', 'jti', 'reviewer', 'created_at'] as const;

export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) {
    // integer, not bigint: pg reads bigint back as a string, and 2^31 human decisions is far off.
    await db.schema.alterTable('url_reviews').addColumn('seq', 'integer').execute();
    await sql`update url_reviews set seq = numbered.n
      from (select id, row_number() over (order by created_at, id) as n from url_reviews) as numbered
      where numbered.id = url_reviews.id`.execute(db);
    await db.schema
      .alterTable('url_reviews')
      .alterColumn('seq', (c) => c.setNotNull())
      .execute();
    await sql`alter table url_reviews alter column seq add generated always as identity`.execute(db);
    // The identity would start at 1; it must continue after the rows numbered above.
    await sql`select setval(pg_get_serial_sequence('url_reviews', 'seq'), coalesce(max(seq), 0) + 1, false)
      from url_reviews`.execute(db);
    await db.schema.dropIndex('url_reviews_tenant_url').execute();
  } else {
    // SQLite cannot add an autoincrement key to a table: rebuild it.
    await rebuildReviews(db, { withSeq: true });
  }
  // Unique: two decisions on one URL never share a place in the order.
  await db.schema
    .createIndex('url_reviews_tenant_url_seq')
    .on('url_reviews')
    .columns(['tenant_id', 'url', 'seq'])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('url_reviews_tenant_url_seq').execute();
  if (isPostgres(db)) {
    await db.schema.alterTable('url_reviews').dropColumn('seq').execute();
  } else {
    await rebuildReviews(db, { withSeq: false });
  }
  await db.schema
    .createIndex('url_reviews_tenant_url')
    .on('url_reviews')
    .columns(['tenant_id', 'url', 'created_at'])
    .execute();
}

/** Kysely tells migrations nothing about the dialect (by design); its adapter does. */
function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Rebuilds url_reviews with or without `seq`. Rows are copied in their current order (seq, else
 * created_at), so a new autoincrement key numbers them in that order. Kysely runs SQLite
 * migrations outside a transaction, and a rebuild stopped half-way would lose the table: it
 * runs in one.
 */
async function rebuildReviews(db: Db, { withSeq }: { withSeq: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let table = trx.schema
      .createTable('url_reviews_rebuilt')
      .addColumn('id', 'text', (c) => (withSeq ? c.notNull().unique() : c.primaryKey()))
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('jti', 'text', (c) => c.notNull())
      .addColumn('reviewer', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull());
    // AUTOINCREMENT: a seq is never reused, even after the newest row is deleted.
    if (withSeq) table = table.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement());
    await table.execute();
    await trx
      .insertInto('url_reviews_rebuilt')
      .columns([...COLUMNS])
      .expression(
        trx
          .selectFrom('url_reviews')
          .select([...COLUMNS])
          .orderBy(withSeq ? 'created_at' : 'seq')
          .orderBy('id'),
      )
      .execute();
    await trx.schema.dropTable('url_reviews').execute();
    await trx.schema.alterTable('url_reviews_rebuilt').renameTo('url_reviews').execute();
  });
}
