/** SQL for campaigns and their recipients. */
import type { Kysely } from 'kysely';
import type { Database, NewCampaign, NewRecipient } from '../../db/schema';

export async function insertCampaign(db: Kysely<Database>, row: NewCampaign) {
  await db.insertInto('campaigns').values(row).execute();
}

export async function insertRecipients(db: Kysely<Database>, rows: NewRecipient[]) {
  // Chunked: SQLite limits bound parameters per statement.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('recipients')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export function findRecipientWithCampaign(db: Kysely<Database>, rid: string) {
  return db
    .selectFrom('recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select([
      'r.id as recipient_id',
      'r.rid',
      'r.tenant_id',
      'r.campaign_id',
      'r.email',
      'r.person_id',
      'r.first_name',
      'r.language_code as recipient_language',
      'r.status',
      'c.content',
      'c.language_code',
      'c.starts_at',
      'c.ends_at',
      'c.ended_at',
    ])
    .where('r.rid', '=', rid)
    .executeTakeFirst();
}
