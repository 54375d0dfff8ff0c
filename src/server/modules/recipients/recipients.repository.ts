/** SQL for the operator's view of recipients: identities already imported, and their links. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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

export function listRecipientLinks(db: Kysely<Database>, tenantId: string, campaignId: string) {
  return db
    .selectFrom('recipients')
    .select(['id', 'rid', 'email', 'person_id', 'first_name', 'language_code', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .orderBy('created_at')
    .orderBy('email')
    .orderBy('person_id')
    .execute();
}
