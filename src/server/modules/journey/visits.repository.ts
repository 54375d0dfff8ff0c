/** SQL for visit evidence: appending visits, fan-out per network, and recipients' verdicts. */
import { sql, type Kysely } from 'kysely';
import type { ClickVerdict } from '../../../shared/clicks';
import type { Database, NewVisit } from '../../db/schema';

export async function insertVisit(db: Kysely<Database>, visit: NewVisit): Promise<void> {
  await db.insertInto('visits').values(visit).execute();
}

/** How many other recipients of the tenant opened from this network since `since`. */
export async function countNetworkRecipients(
  db: Kysely<Database>,
  tenantId: string,
  network: string,
  since: string,
  exceptRecipientId: string,
): Promise<number> {
  const row = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.count<number | string>('recipient_id').distinct().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('network', '=', network)
    .where('created_at', '>=', since)
    .where('recipient_id', '<>', exceptRecipientId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Visits from this network since `since` not yet judged automated (fan-out downgrades them). */
export function findNetworkVisitsToDowngrade(
  db: Kysely<Database>,
  tenantId: string,
  network: string,
  since: string,
) {
  return db
    .selectFrom('visits')
    .select(['id', 'recipient_id'])
    .where('tenant_id', '=', tenantId)
    .where('network', '=', network)
    .where('created_at', '>=', since)
    .where('verdict', '<>', 'automated')
    .execute();
}

export async function downgradeVisits(db: Kysely<Database>, ids: string[], fanout: number, reasons: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('visits')
    .set({ verdict: 'automated', fanout, reasons })
    .where('id', 'in', ids)
    .execute();
}

export function listVisitJudgements(db: Kysely<Database>, recipientId: string) {
  return db
    .selectFrom('visits')
    .select(['verdict', 'reasons'])
    .where('recipient_id', '=', recipientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function setRecipientVerdict(
  db: Kysely<Database>,
  recipientId: string,
  verdict: ClickVerdict,
  reasons: string,
) {
  await db
    .updateTable('recipients')
    .set({ verdict, verdict_reasons: reasons })
    .where('id', '=', recipientId)
    .execute();
}

/** Takes a step's bit off (clicked, when a later fan-out shows it was not a person). */
export async function clearStepBit(db: Kysely<Database>, recipientId: string, bit: number) {
  await db
    .updateTable('recipients')
    .set({ steps: sql`case when (steps & ${bit}) <> 0 then steps - ${bit} else steps end` })
    .where('id', '=', recipientId)
    .execute();
}
