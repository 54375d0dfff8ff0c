/** SQL for visit evidence: appending visits, fan-out per network, and recipients' verdicts. */
import { sql, type Kysely } from 'kysely';
import type { ClickVerdict } from '../../../shared/clicks';
import type { Database, NewVisit } from '../../db/schema';

export async function insertVisit(db: Kysely<Database>, visit: NewVisit): Promise<void> {
  await db.insertInto('visits').values(visit).execute();
}

/**
 * How many other recipients of the tenant opened from this network since `since`: one row per
 * recipient (network_recipients), so a link opened thousands of times counts as one.
 */
export async function countNetworkRecipients(
  db: Kysely<Database>,
  tenantId: string,
  network: string,
  since: string,
  exceptRecipientId: string,
): Promise<number> {
  const row = await db
    .selectFrom('network_recipients')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('network', '=', network)
    .where('last_seen_at', '>=', since)
    .where('recipient_id', '<>', exceptRecipientId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** This recipient was seen from this network at `at`. */
export async function touchNetworkRecipient(
  db: Kysely<Database>,
  seen: { tenant_id: string; network: string; recipient_id: string; last_seen_at: string },
): Promise<void> {
  await db
    .insertInto('network_recipients')
    .values(seen)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'network', 'recipient_id']).doUpdateSet({ last_seen_at: seen.last_seen_at }),
    )
    .execute();
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

/**
 * The recipient's first visits with `verdict` (at most `limit`), oldest first: enough for the
 * verdict's reasons, however many visits a link has had (index visits_recipient_verdict).
 */
export function listVisitsWithVerdict(
  db: Kysely<Database>,
  recipientId: string,
  verdict: ClickVerdict,
  limit: number,
) {
  return (
    db
      .selectFrom('visits')
      .select(['verdict', 'reasons'])
      .where('recipient_id', '=', recipientId)
      .where('verdict', '=', verdict)
      // created_at alone, as the index has it: a tie-break would sort every such visit.
      .orderBy('created_at')
      .limit(limit)
      .execute()
  );
}

/** A recipient's first click as the dashboard counts it: when, and how long after the send. */
export interface ClickTiming {
  clicked_at: string;
  click_seconds: number | null;
}

/** The recipient's verdict with its reasons and their kinds (bits); with its first click, when new. */
export async function setRecipientVerdict(
  db: Kysely<Database>,
  recipientId: string,
  judged: { verdict: ClickVerdict; reasons: string; reasonKinds: number },
  click?: ClickTiming,
) {
  await db
    .updateTable('recipients')
    .set({
      verdict: judged.verdict,
      verdict_reasons: judged.reasons,
      reason_kinds: judged.reasonKinds,
      ...click,
    })
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
