/** SQL for a recipient's verdict: its best visits, the verdict stored with the clicked step. */
import { PostgresAdapter, sql, type UpdateObject } from 'kysely';
import type { ClickVerdict, ClickVia } from '@shared/clicks';
import type { EventType } from '@shared/events';
import { compiledOnce } from '@server/db/compiled-once';
import { stepReachedSet } from '@server/db/step-reached';
import type { Database, Db } from '@server/db/schema';

/**
 * The recipient's first visits with `verdict` (at most `limit`), oldest first: enough for the
 * verdict's reasons, however many visits a link has had (index visits_recipient_verdict).
 */
const visitsWithVerdict = compiledOnce((db, recipientId: string, verdict: ClickVerdict, limit: number) =>
  db
    .selectFrom('visits')
    .select(['verdict', 'reasons', 'via'])
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

// Reaching the step keeps how the first counted click came (click_via); clearing it forgets it.
const verdictReachingStep = compiledOnce(
  (db, ...args: [...VerdictArgs, type: EventType, bit: number, rank: number, via: ClickVia]) =>
    verdictUpdate(db, ...(args.slice(0, 6) as VerdictArgs), {
      ...stepReachedSet(args[6], args[8], args[7]),
      click_via: sql<ClickVia>`coalesce(click_via, ${args[9]})`,
    }),
);

const verdictClearingStep = compiledOnce((db, ...args: [...VerdictArgs, bit: number]) =>
  verdictUpdate(db, ...(args.slice(0, 6) as VerdictArgs), {
    steps: sql<number>`case when (steps & ${args[6]}) <> 0 then steps - ${args[6]} else steps end`,
    click_via: null,
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
  step: { change: ClickedStepChange; type: EventType; bit: number; rank: number; via: ClickVia },
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
  if (step.change === 'reach') {
    await verdictReachingStep(db, ...args, step.type, step.bit, step.rank, step.via);
  } else if (step.change === 'clear') await verdictClearingStep(db, ...args, step.bit);
  else await verdictKeepingStep(db, ...args);
}
