/**
 * A recipient's verdict after its visits: the best of its visits' (human, likely_human,
 * automated, unverified) with their reasons, and the funnel's `clicked` step with it — set while
 * the verdict counts, taken off when later evidence shows the visit was a scanner's.
 */
import { CLICK_VERDICTS, COUNTED_VERDICTS, type ClickVerdict, type ClickVia } from '@shared/clicks';
import { eventRank, stepBit } from '@shared/events';
import type { Db } from '@server/db/schema';
import { parseReasons, reasonKindBits, recipientJudgement, type Judgement } from './click-verdict';
import {
  listVisitsWithVerdict,
  setRecipientVerdict,
  type ClickedStepChange,
  type ClickTiming,
  type StoredVerdict,
} from './recipient-verdict.repository';

const rankOf = (verdict: ClickVerdict) => CLICK_VERDICTS.indexOf(verdict);

/**
 * The recipient's verdict after one more visit, none of its visits downgraded, from its stored
 * verdict (the best of its earlier visits', with their reasons) and the new visit's, without
 * reading the visits: a better visit's judgement becomes the recipient's; an equal one adds its
 * reasons (up to the most kept); a worse one changes nothing. Nothing is written when the verdict
 * and its reasons stay the same (but the first click's time, when this visit brought it).
 */
export async function judgeAfterVisit(
  trx: Db,
  recipientId: string,
  stored: StoredVerdict | undefined,
  visit: Judgement & { via: ClickVia },
  click?: ClickTiming,
) {
  const before = stored?.verdict ?? null;
  const storedReasons = stored?.verdict_reasons ?? '[]';
  let judged: Judgement | null = null;
  // No verdict yet (the recipient's first visit), or a better one: this visit's judgement.
  if (before === null || rankOf(visit.verdict) < rankOf(before)) judged = recipientJudgement([visit]);
  else if (visit.verdict === before) {
    judged = recipientJudgement([{ verdict: before, reasons: parseReasons(storedReasons) }, visit]);
  }
  const unchanged =
    !judged || (judged.verdict === before && JSON.stringify(judged.reasons) === storedReasons);
  if (!unchanged && judged) {
    await applyJudgement(trx, recipientId, judged, { before, click, via: visit.via });
  } else if (click && before) {
    // The verdict stands; the first click's time still goes on the recipient.
    const kept = {
      verdict: before,
      reasons: storedReasons,
      reasonKinds: reasonKindBits(parseReasons(storedReasons)),
    };
    await setRecipientVerdict(trx, recipientId, kept, { ...CLICKED, change: 'keep', via: visit.via }, click);
  }
}

/** Visits read for the reasons of a recipient's verdict: more than its MAX_REASONS distinct ones need. */
const REASON_VISITS = 20;

/**
 * The recipient's verdict from its visits, and the clicked step with it. Only the best verdict's
 * first visits are read, verdict by verdict: a link opened thousands of times (a scanner, a
 * flood) costs a request no more than a link opened once.
 */
export async function rejudgeRecipient(
  trx: Db,
  recipientId: string,
  click?: ClickTiming,
): Promise<Judgement | null> {
  let visits: { verdict: ClickVerdict; reasons: string; via: ClickVia }[] = [];
  for (const verdict of CLICK_VERDICTS) {
    visits = await listVisitsWithVerdict(trx, recipientId, verdict, REASON_VISITS);
    if (visits.length > 0) break;
  }
  const judged = recipientJudgement(
    visits.map((v) => ({ verdict: v.verdict, reasons: parseReasons(v.reasons) })),
  );
  // Never null with a click: the visit that brought it was inserted above, in this transaction.
  // The best verdict's first visit says how the click came, should it count again.
  if (judged) await applyJudgement(trx, recipientId, judged, { click, via: visits[0]?.via ?? 'link' });
  return judged;
}

/**
 * The recipient's verdict, reasons and their kinds (with the first click's time, when new), and
 * the clicked step with them. `before`: the verdict replaced, when known; a verdict that never
 * counted cannot have set the clicked step, which is then left as it is (no verdict yet may be
 * older data's step, which is taken off as before).
 */
async function applyJudgement(
  trx: Db,
  recipientId: string,
  judged: Judgement,
  { before, click, via }: { before?: ClickVerdict | null; click?: ClickTiming | undefined; via: ClickVia },
) {
  const change: ClickedStepChange = COUNTED_VERDICTS.includes(judged.verdict)
    ? 'reach'
    : !before || COUNTED_VERDICTS.includes(before)
      ? 'clear'
      : 'keep';
  const verdict = {
    verdict: judged.verdict,
    reasons: JSON.stringify(judged.reasons),
    reasonKinds: reasonKindBits(judged.reasons),
  };
  await setRecipientVerdict(trx, recipientId, verdict, { ...CLICKED, change, via }, click);
}

/** The clicked step, as the verdict's update sets or clears it. */
const CLICKED = { type: 'clicked', bit: stepBit('clicked'), rank: eventRank('clicked') } as const;
