/** SQL for visit evidence: appending visits, fan-out per network, and recipients' verdicts. */
import { PostgresAdapter, sql, type UpdateObject } from 'kysely';
import type { ClickVerdict, VisitSource } from '@shared/clicks';
import type { EventType } from '@shared/events';
import { compiledOnce } from '@server/db/compiled-once';
import { stepReachedSet } from '@server/db/step-reached';
import type { Database, NewVisit, Db } from '@server/db/schema';

const visitInsert = compiledOnce(
  (
    db,
    id: string,
    tenantId: string,
    campaignId: string,
    recipientId: string,
    source: VisitSource,
    network: string | null,
    catalogueMatch: string | null,
    facts: string,
    fanout: number,
    verdict: ClickVerdict,
    reasons: string,
    createdAt: string,
  ) =>
    db.insertInto('visits').values({
      id,
      tenant_id: tenantId,
      campaign_id: campaignId,
      recipient_id: recipientId,
      source,
      network,
      catalogue_match: catalogueMatch,
      facts,
      fanout,
      verdict,
      reasons,
      created_at: createdAt,
    }),
);

export async function insertVisit(db: Db, visit: NewVisit): Promise<void> {
  await visitInsert(
    db,
    visit.id,
    visit.tenant_id,
    visit.campaign_id,
    visit.recipient_id,
    visit.source,
    visit.network ?? null,
    visit.catalogue_match ?? null,
    visit.facts,
    visit.fanout,
    visit.verdict,
    visit.reasons,
    visit.created_at,
  );
}

const networkLock = compiledOnce((db, key: string) =>
  db.selectNoFrom(sql<void>`pg_advisory_xact_lock(hashtextextended(${key}, 0))`.as('locked')),
);

/**
 * PostgreSQL: the visits from one network are judged one at a time, each transaction holding a
 * lock on the network until it ends. Fan-out judging reads what the network opened and rewrites
 * other recipients' visits and verdicts; two landings from one network judged at once each
 * counted without the other (read committed) and locked each other's rows in opposite orders
 * (deadlocks, hundreds a second in a scanner's burst). Visits from different networks still run
 * side by side. SQLite has one writer: nothing to do.
 */
export async function lockNetwork(db: Db, tenantId: string, network: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // A hash collision between two networks only makes them wait for each other.
  await networkLock(db, `${tenantId} ${network}`);
}

/**
 * How many other recipients of the tenant opened from this network since `since`, counted up to
 * `limit`: one row per recipient (network_recipients), so a link opened thousands of times counts
 * as one, and a network that opened thousands of links costs no more than one that opened `limit`.
 */
const networkRecipients = compiledOnce(
  (db, tenantId: string, network: string, since: string, exceptRecipientId: string, limit: number) => {
    const recent = db
      .selectFrom('network_recipients')
      .select('recipient_id')
      .where('tenant_id', '=', tenantId)
      .where('network', '=', network)
      .where('last_seen_at', '>=', since)
      .where('recipient_id', '<>', exceptRecipientId)
      .limit(limit)
      .as('recent');
    return db.selectFrom(recent).select((eb) => eb.fn.countAll<number | string>().as('count'));
  },
);

export async function countNetworkRecipients(
  db: Db,
  tenantId: string,
  network: string,
  since: string,
  exceptRecipientId: string,
  limit: number,
): Promise<number> {
  const { rows } = await networkRecipients(db, tenantId, network, since, exceptRecipientId, limit);
  return Number(rows[0]?.count ?? 0);
}

const networkRecipientTouch = compiledOnce(
  (db, tenantId: string, network: string, recipientId: string, lastSeenAt: string) =>
    db
      .insertInto('network_recipients')
      .values({ tenant_id: tenantId, network, recipient_id: recipientId, last_seen_at: lastSeenAt })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'network', 'recipient_id']).doUpdateSet({ last_seen_at: lastSeenAt }),
      ),
);

/** This recipient was seen from this network at `at`. */
export async function touchNetworkRecipient(
  db: Db,
  seen: { tenant_id: string; network: string; recipient_id: string; last_seen_at: string },
): Promise<void> {
  await networkRecipientTouch(db, seen.tenant_id, seen.network, seen.recipient_id, seen.last_seen_at);
}

/**
 * Visits from this network since `since` not yet judged automated (fan-out downgrades them).
 * The verdict is a literal, as the partial index visits_network_unsettled states it: a bound
 * value would not prove the query stays inside the index.
 */
const unsettledNetworkVisits = compiledOnce((db, tenantId: string, network: string, since: string) =>
  db
    .selectFrom('visits')
    .select(['id', 'recipient_id'])
    .where('tenant_id', '=', tenantId)
    .where('network', '=', network)
    .where('created_at', '>=', since)
    .where('verdict', '<>', sql.lit('automated')),
);

export async function findNetworkVisitsToDowngrade(db: Db, tenantId: string, network: string, since: string) {
  return (await unsettledNetworkVisits(db, tenantId, network, since)).rows;
}

export async function downgradeVisits(db: Db, ids: string[], fanout: number, reasons: string) {
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
const visitsWithVerdict = compiledOnce((db, recipientId: string, verdict: ClickVerdict, limit: number) =>
  db
    .selectFrom('visits')
    .select(['verdict', 'reasons'])
    .where('recipient_id', '=', recipientId)
    .where('verdict', '=', verdict)
    // created_at alone, as the index has it: a tie-break would sort every such visit.
    .orderBy('created_at')
    .limit(limit),
);

export async function listVisitsWithVerdict(
  db: Db,
  recipientId: string,
  verdict: ClickVerdict,
  limit: number,
) {
  return (await visitsWithVerdict(db, recipientId, verdict, limit)).rows;
}

/**
 * The verdict a recipient carries (the best of its visits') and its reasons, as stored; read in
 * the visit's transaction, which judges from it. On PostgreSQL the row is locked until the
 * transaction ends, so two visits to one link judged at once (a scanner and its person) take
 * turns rather than each judging from the verdict before the other; SQLite's one writer already
 * takes turns.
 */
const recipientVerdict = compiledOnce((db, recipientId: string) => {
  const query = db
    .selectFrom('recipients')
    .select(['verdict', 'verdict_reasons'])
    .where('id', '=', recipientId);
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
});

export async function findRecipientVerdict(db: Db, recipientId: string) {
  return (await recipientVerdict(db, recipientId)).rows[0];
}

export type StoredVerdict = NonNullable<Awaited<ReturnType<typeof findRecipientVerdict>>>;

/** A recipient's first click as the dashboard counts it: when, and how long after the send. */
export interface ClickTiming {
  clicked_at: string;
  click_seconds: number | null;
}

/** What a verdict's update does to the clicked step: sets it (a counted verdict), takes it off, or leaves it. */
export type ClickedStepChange = 'reach' | 'clear' | 'keep';

/**
 * The recipient's verdict, reasons and their kinds, and its first click's time when one is given
 * (clickedAt null leaves both click columns as they are); `steps` adds the clicked step's change.
 * The cast names the parameter's type for PostgreSQL, which cannot infer it from `is null`.
 */
function verdictUpdate(
  db: Db,
  recipientId: string,
  verdict: ClickVerdict,
  reasons: string,
  reasonKinds: number,
  clickedAt: string | null,
  clickSeconds: number | null,
  steps: UpdateObject<Database, 'recipients'> = {},
) {
  return db
    .updateTable('recipients')
    .set({
      verdict,
      verdict_reasons: reasons,
      reason_kinds: reasonKinds,
      clicked_at: sql<string | null>`coalesce(${clickedAt}, clicked_at)`,
      click_seconds: sql<
        number | null
      >`case when cast(${clickedAt} as text) is null then click_seconds else ${clickSeconds} end`,
      ...steps,
    })
    .where('id', '=', recipientId);
}

type VerdictArgs = [string, ClickVerdict, string, number, string | null, number | null];

const verdictKeepingStep = compiledOnce((db, ...args: VerdictArgs) => verdictUpdate(db, ...args));

const verdictReachingStep = compiledOnce(
  (db, ...args: [...VerdictArgs, type: EventType, bit: number, rank: number]) =>
    verdictUpdate(db, ...(args.slice(0, 6) as VerdictArgs), stepReachedSet(args[6], args[8], args[7])),
);

const verdictClearingStep = compiledOnce((db, ...args: [...VerdictArgs, bit: number]) =>
  verdictUpdate(db, ...(args.slice(0, 6) as VerdictArgs), {
    steps: sql<number>`case when (steps & ${args[6]}) <> 0 then steps - ${args[6]} else steps end`,
  }),
);

/**
 * The recipient's verdict with its reasons and their kinds (bits), with its first click when
 * new, and the clicked step's change (`bit`, `rank`: the clicked step's): one statement.
 */
export async function setRecipientVerdict(
  db: Db,
  recipientId: string,
  judged: { verdict: ClickVerdict; reasons: string; reasonKinds: number },
  step: { change: ClickedStepChange; type: EventType; bit: number; rank: number },
  click?: ClickTiming,
) {
  const args: VerdictArgs = [
    recipientId,
    judged.verdict,
    judged.reasons,
    judged.reasonKinds,
    click?.clicked_at ?? null,
    click?.click_seconds ?? null,
  ];
  if (step.change === 'reach') await verdictReachingStep(db, ...args, step.type, step.bit, step.rank);
  else if (step.change === 'clear') await verdictClearingStep(db, ...args, step.bit);
  else await verdictKeepingStep(db, ...args);
}
