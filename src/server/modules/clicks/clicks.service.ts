/**
 * Every visit to a phishing link keeps its evidence and earns a verdict; the recipient's verdict
 * is the best of its visits'. The funnel's `clicked` step (its bit and the forward-only status)
 * follows the recipient's verdict: set while it is human or likely_human, taken off again when
 * later fan-out shows the visit was a scanner's. See docs/clicks.md.
 */
import { CLICK_VERDICTS, COUNTED_VERDICTS, type ClickVerdict, type VisitSource } from '@shared/clicks';
import { eventRank, stepBit } from '@shared/events';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { newRowId } from '@server/lib/ids';
import { ScannerCatalogue } from '@server/lib/scanner-catalogue';
import type { PageReport, RequestFacts, StoredFacts } from './click-evidence';
import {
  fanoutCountLimit,
  fanoutReason,
  judgeVisit,
  reasonKindBits,
  recipientJudgement,
  type Judgement,
} from './click-verdict';
import {
  countNetworkRecipients,
  downgradeVisits,
  findNetworkVisitsToDowngrade,
  findRecipientVerdict,
  insertVisit,
  listVisitsWithVerdict,
  lockNetwork,
  touchNetworkRecipient,
  setRecipientVerdict,
  type ClickedStepChange,
  type ClickTiming,
  type StoredVerdict,
} from './clicks.repository';

export interface VisitInput {
  source: VisitSource;
  request: RequestFacts;
  /** The truncated address (/24, /48), as events keep it. */
  network: string | null;
  report: PageReport | null;
}

const catalogues = new WeakMap<readonly unknown[], ScannerCatalogue>();

function catalogueOf(config: Config): ScannerCatalogue {
  let catalogue = catalogues.get(config.scannerCatalogue);
  if (!catalogue) {
    catalogue = new ScannerCatalogue(config.scannerCatalogue);
    catalogues.set(config.scannerCatalogue, catalogue);
  }
  return catalogue;
}

/**
 * Records a visit and re-judges the recipients it affects, in one transaction. A click report
 * (`clickedEvent`) is also kept as the recipient's `clicked` event, once, as the page's report;
 * whether it counts is the verdict's. Returns whether that event was new.
 */
/** The recipient a visit came to, as the journey read it (its link's row). */
export interface VisitedRecipient {
  tenant_id: string;
  campaign_id: string;
  recipient_id: string;
  sent_at: string | null;
  starts_at: string | null;
  launched_at: string | null;
}

/**
 * The journey's `clicked` event, recorded once in the visit's transaction: whether it was new,
 * and when it happened. The journey owns events; this module only says when to record it.
 */
export interface ClickedEvent {
  at: string;
  record(trx: Db): Promise<boolean>;
}

export function recordVisit(
  db: Db,
  config: Config,
  row: VisitedRecipient,
  input: VisitInput,
  clickedEvent?: ClickedEvent,
): Promise<boolean> {
  return inTransaction(db, (trx) => recordVisitIn(trx, config, row, input, clickedEvent));
}

/**
 * recordVisit inside a transaction the caller owns (a landing records its step in the same one),
 * as the transaction's first statements. On PostgreSQL the visit's network, then the recipient's
 * row, are locked before anything else is read or written: visits from one network, and visits
 * to one link, wait for each other in one order (see lockNetwork).
 */
export async function recordVisitIn(
  trx: Db,
  config: Config,
  row: VisitedRecipient,
  input: VisitInput,
  clickedEvent?: ClickedEvent,
): Promise<boolean> {
  if (input.network) await lockNetwork(trx, row.tenant_id, input.network);
  const stored = await findRecipientVerdict(trx, row.recipient_id);
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const { request } = input;
  const facts: StoredFacts = {
    source: input.source,
    method: request.method,
    prefetch: request.prefetch,
    sec_fetch: request.secFetch,
    accept: request.accept,
    since_sent_ms: row.sent_at ? Math.max(0, now - Date.parse(row.sent_at)) : null,
    ...(input.report ?? {}),
  };
  const catalogue = catalogueOf(config).match(request.address, request.userAgent);
  const windowStart = new Date(now - config.clicks.fanoutWindowSeconds * 1000).toISOString();
  // Other recipients opened from this network in the window, and this one.
  const others = input.network
    ? await countNetworkRecipients(
        trx,
        row.tenant_id,
        input.network,
        windowStart,
        row.recipient_id,
        fanoutCountLimit(config.clicks) - 1,
      )
    : 0;
  const fanout = others + 1;
  const judged = judgeVisit({ facts, report: input.report, catalogue, fanout }, config.clicks);
  await insertVisit(trx, {
    id: newRowId(),
    tenant_id: row.tenant_id,
    campaign_id: row.campaign_id,
    recipient_id: row.recipient_id,
    source: input.source,
    network: input.network,
    catalogue_match: catalogue ? `${catalogue.by}: ${catalogue.name} (${catalogue.certainty})` : null,
    facts: JSON.stringify(facts),
    fanout,
    verdict: judged.verdict,
    reasons: JSON.stringify(judged.reasons),
    created_at: createdAt,
  });
  if (input.network) {
    await touchNetworkRecipient(trx, {
      tenant_id: row.tenant_id,
      network: input.network,
      recipient_id: row.recipient_id,
      last_seen_at: createdAt,
    });
  }
  const downgraded = new Set<string>();
  if (input.network && fanout >= config.clicks.fanoutRecipients) {
    // Later fan-out evidence downgrades what this network opened earlier in the window.
    const earlier = await findNetworkVisitsToDowngrade(trx, row.tenant_id, input.network, windowStart);
    const reasons = JSON.stringify([fanoutReason(fanout, config.clicks)]);
    await downgradeVisits(
      trx,
      earlier.map((v) => v.id),
      fanout,
      reasons,
    );
    for (const visit of earlier) downgraded.add(visit.recipient_id);
  }
  const isNew = clickedEvent ? await clickedEvent.record(trx) : false;
  // The first click's time goes on the recipient with its verdict (the same statement).
  const click = isNew && clickedEvent ? clickTiming(row, clickedEvent.at) : undefined;
  if (!downgraded.has(row.recipient_id)) await judgeAfterVisit(trx, row.recipient_id, stored, judged, click);
  for (const recipientId of downgraded)
    await rejudgeRecipient(trx, recipientId, recipientId === row.recipient_id ? click : undefined);
  return isNew;
}

/** Seconds from the recipient's send (else the campaign's start) to its click, as the dashboard shows it. */
function clickTiming(row: VisitedRecipient, at: string): ClickTiming {
  const from = row.sent_at ?? row.starts_at ?? row.launched_at;
  return { clicked_at: at, click_seconds: from ? (Date.parse(at) - Date.parse(from)) / 1000 : null };
}

const rankOf = (verdict: ClickVerdict) => CLICK_VERDICTS.indexOf(verdict);

/**
 * The recipient's verdict after one more visit, none of its visits downgraded, from its stored
 * verdict (the best of its earlier visits', with their reasons) and the new visit's, without
 * reading the visits: a better visit's judgement becomes the recipient's; an equal one adds its
 * reasons (up to the most kept); a worse one changes nothing. Nothing is written when the verdict
 * and its reasons stay the same (but the first click's time, when this visit brought it).
 */
async function judgeAfterVisit(
  trx: Db,
  recipientId: string,
  stored: StoredVerdict | undefined,
  visit: Judgement,
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
    await applyJudgement(trx, recipientId, judged, { before, click });
  } else if (click && before) {
    // The verdict stands; the first click's time still goes on the recipient.
    const kept = {
      verdict: before,
      reasons: storedReasons,
      reasonKinds: reasonKindBits(parseReasons(storedReasons)),
    };
    await setRecipientVerdict(trx, recipientId, kept, { ...CLICKED, change: 'keep' }, click);
  }
}

/** Visits read for the reasons of a recipient's verdict: more than its MAX_REASONS distinct ones need. */
const REASON_VISITS = 20;

/**
 * The recipient's verdict from its visits, and the clicked step with it. Only the best verdict's
 * first visits are read, verdict by verdict: a link opened thousands of times (a scanner, a
 * flood) costs a request no more than a link opened once.
 */
async function rejudgeRecipient(
  trx: Db,
  recipientId: string,
  click?: ClickTiming,
): Promise<Judgement | null> {
  let visits: { verdict: ClickVerdict; reasons: string }[] = [];
  for (const verdict of CLICK_VERDICTS) {
    visits = await listVisitsWithVerdict(trx, recipientId, verdict, REASON_VISITS);
    if (visits.length > 0) break;
  }
  const judged = recipientJudgement(
    visits.map((v) => ({ verdict: v.verdict, reasons: parseReasons(v.reasons) })),
  );
  // Never null with a click: the visit that brought it was inserted above, in this transaction.
  if (judged) await applyJudgement(trx, recipientId, judged, { click });
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
  { before, click }: { before?: ClickVerdict | null; click?: ClickTiming | undefined },
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
  await setRecipientVerdict(trx, recipientId, verdict, { ...CLICKED, change }, click);
}

/** The clicked step, as the verdict's update sets or clears it. */
const CLICKED = { type: 'clicked', bit: stepBit('clicked'), rank: eventRank('clicked') } as const;

export function parseReasons(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
