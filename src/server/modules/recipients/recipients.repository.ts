/** SQL for a campaign's recipients: insert, identities already imported, links, the console's list, removal. */
import type { NewRecipient, Db } from '@server/db/schema';
import { recipientMatches } from '@server/db/recipient-search';
import { inChunks } from '@server/db/chunks';
import { dialectOf } from '@server/db/database';
import { RECIPIENT_ORDER } from './recipient-order';

/**
 * Inserts recipients, each with the department the programme report counts it under: its
 * person's, else its own (the database keeps it after that, see migration 2026-12-11-0006).
 * PostgreSQL's insert trigger sets it; SQLite's would cost half again per insert, so here the
 * application looks the people up itself.
 */
export async function insertRecipients(db: Db, rows: readonly NewRecipient[]): Promise<void> {
  const byTrigger = dialectOf(db) === 'postgres';
  await inChunks(rows, async (chunk) => {
    if (byTrigger) {
      await db.insertInto('recipients').values(chunk).execute();
      return;
    }
    const refs = [...new Set(chunk.flatMap((row) => (row.person_ref ? [row.person_ref] : [])))];
    const departments = new Map(
      refs.length === 0
        ? []
        : (
            await db
              .selectFrom('people')
              .select(['id', 'tenant_id', 'department'])
              .where('id', 'in', refs)
              .execute()
          ).map((person) => [person.id, person]),
    );
    const values = chunk.map((row) => {
      const person = row.person_ref ? departments.get(row.person_ref) : undefined;
      const department = person?.tenant_id === row.tenant_id ? person.department : null;
      return { ...row, programme_department: department ?? row.department ?? null };
    });
    await db.insertInto('recipients').values(values).execute();
  });
}

export async function existingIdentities(db: Db, tenantId: string, campaignId: string) {
  const rows = await db
    .selectFrom('recipients')
    .select(['email', 'person_id', 'person_ref'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .execute();
  return {
    personRefs: new Set(rows.flatMap((r) => (r.person_ref ? [r.person_ref] : []))),
    emails: new Set(rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []))),
    personIds: new Set(rows.flatMap((r) => (r.person_id ? [r.person_id] : []))),
  };
}

/**
 * The links a mailer sends, in the campaign's order: a deactivated person's is left out, so a
 * mail merge sends them nothing new either (their recipient row and history stay).
 */
export function listRecipientLinks(db: Db, tenantId: string, campaignId: string) {
  const query = db
    .selectFrom('recipients')
    .leftJoin('people', 'people.id', 'recipients.person_ref')
    .select([
      'recipients.id',
      'recipients.rid',
      'recipients.email',
      'recipients.person_id',
      'recipients.first_name',
      'recipients.language_code',
      'recipients.status',
    ])
    .where('recipients.tenant_id', '=', tenantId)
    .where('recipients.campaign_id', '=', campaignId)
    .where((eb) => eb.or([eb('people.id', 'is', null), eb('people.active', '=', 1)]));
  return RECIPIENT_ORDER.reduce((q, column) => q.orderBy(`recipients.${column}`), query).execute();
}

/** A page of a campaign's recipients, optionally those whose email, name, id or department contains `q`. */
export async function pageRecipients(
  db: Db,
  campaignId: string,
  page: { q?: string | undefined; offset: number; limit: number },
) {
  let query = db.selectFrom('recipients').where('campaign_id', '=', campaignId);
  if (page.q) {
    query = query.where(recipientMatches(page.q));
  }
  const total = await query
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await RECIPIENT_ORDER.reduce(
    (q, column) => q.orderBy(column),
    query.select(['id', 'rid', 'email', 'first_name', 'department', 'language_code', 'status', 'created_at']),
  )
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), items };
}

/** Removes a recipient and everything recorded for them; false when there is no such recipient. */
export async function deleteRecipient(db: Db, campaignId: string, id: string): Promise<boolean> {
  for (const table of ['events', 'visits', 'journey_attempts'] as const) {
    await db.deleteFrom(table).where('recipient_id', '=', id).where('campaign_id', '=', campaignId).execute();
  }
  const owned = db
    .selectFrom('recipients')
    .select('id')
    .where('id', '=', id)
    .where('campaign_id', '=', campaignId);
  await db.deleteFrom('network_recipients').where('recipient_id', 'in', owned).execute();
  const result = await db
    .deleteFrom('recipients')
    .where('id', '=', id)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The language of the tenant's latest recipient with this address (case-insensitive), if any. */
export async function findLanguageByEmail(db: Db, tenantId: string, email: string) {
  const row = await db
    .selectFrom('recipients')
    .select('language_code')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('language_code', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.language_code ?? null;
}
