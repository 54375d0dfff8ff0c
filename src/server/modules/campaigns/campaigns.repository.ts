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
