/** SQL for a campaign's recipients: insert, identities already imported, and their links. */
import type { Kysely } from 'kysely';
import type { Database, NewRecipient } from '../../db/schema';
import { inChunks } from '../../db/chunks';

export async function insertRecipients(db: Kysely<Database>, rows: readonly NewRecipient[]): Promise<void> {
  await inChunks(rows, (chunk) => db.insertInto('recipients').values(chunk).execute());
}

export async function existingIdentities(db: Kysely<Database>, tenantId: string, campaignId: string) {
  const rows = await db
    .selectFrom('recipients')
    .select(['email', 'person_id'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .execute();
  return {
    emails: new Set(rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []))),
    personIds: new Set(rows.flatMap((r) => (r.person_id ? [r.person_id] : []))),
  };
}

/**
 * The one order a campaign's recipients are listed in, wherever they are (links, results):
 * stable across calls, and served by the campaign's order index.
 */
export const RECIPIENT_ORDER = ['created_at', 'email', 'person_id', 'id'] as const;

export function listRecipientLinks(db: Kysely<Database>, tenantId: string, campaignId: string) {
  const query = db
    .selectFrom('recipients')
    .select(['id', 'rid', 'email', 'person_id', 'first_name', 'language_code', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId);
  return RECIPIENT_ORDER.reduce((q, column) => q.orderBy(column), query).execute();
}
