/** SQL for campaigns and their recipients. */
import type { Kysely } from 'kysely';
import type { CampaignFile } from '../../../shared/campaign';
import type { Database, NewCampaign, NewRecipient } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';

type CampaignDates = Partial<Pick<NewCampaign, 'starts_at' | 'ends_at' | 'ended_at'>>;

/** Stores a validated campaign file for a tenant (dates default to the file's); returns its id. */
export async function insertCampaign(
  db: Kysely<Database>,
  tenantId: string,
  file: CampaignFile,
  dates: CampaignDates = {},
): Promise<string> {
  const id = newId();
  await db
    .insertInto('campaigns')
    .values({
      id,
      tenant_id: tenantId,
      name: file.name,
      content: JSON.stringify(file),
      language_code: file.language_code,
      starts_at: dates.starts_at ?? file.starts_at ?? null,
      ends_at: dates.ends_at ?? file.ends_at ?? null,
      ended_at: dates.ended_at ?? null,
      created_at: nowIso(),
    })
    .execute();
  return id;
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
