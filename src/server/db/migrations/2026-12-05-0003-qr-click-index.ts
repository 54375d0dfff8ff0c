/**
 * The dashboard splits clicked by how each click came: a partial index of the recipients whose
 * click came through the message's QR code, with their steps, so the count of standing QR clicks
 * reads that index alone (most recipients never scan a code: the index stays small), as every
 * other dashboard count reads one covering index. Frozen: never edit after release.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('recipients_campaign_qr_clicks')
    .on('recipients')
    .columns(['campaign_id', 'steps'])
    .where(sql.ref('click_via'), '=', 'qr')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('recipients_campaign_qr_clicks').execute();
}
