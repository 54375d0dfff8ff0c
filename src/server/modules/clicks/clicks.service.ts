/**
 * Every visit to a phishing link keeps its evidence and earns a verdict; the recipient's verdict
 * is the best of its visits'. The funnel's `clicked` step (its bit and the forward-only status)
 * follows the recipient's verdict: set while it is human or likely_human, taken off again when
 * later fan-out shows the visit was a scanner's. See docs/clicks.md.
 */
import { COUNTED_VERDICTS, type ClickVia, type VisitSource } from '@shared/clicks';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { newRowId } from '@server/lib/ids';
import { NetworkList } from '@server/lib/network-list';
import { ScannerCatalogue } from '@server/lib/scanner-catalogue';
import { egressNetworkList } from '../tenants/egress-networks.service';
import { emitEvent } from '../webhooks/webhooks.service';
import type { PageReport, RequestFacts, StoredFacts } from './click-evidence';
import {
  fanoutCountLimit,
  fanoutReason,
  gestureShape,
  humanGesture,
  judgeVisit,
  replayReason,
  type Judgement,
} from './click-verdict';
import {
  countNetworkRecipients,
  countShapeRecipients,
  downgradeVisits,
  findNetworkVisitsToDowngrade,
  findShapeVisitsToDowngrade,
  insertVisit,
  lockNetwork,
  touchNetworkRecipient,
} from './clicks.repository';
import { findRecipientVerdict, type ClickTiming } from './recipient-verdict.repository';
import { judgeAfterVisit, rejudgeRecipient } from './recipient-verdict';

export interface VisitInput {
  source: VisitSource;
  /** How the link was followed: the link itself, or the message's QR code (`via=qr`). */
  via: ClickVia;
  request: RequestFacts;
  /** The truncated address (/24, /48), as events keep it. */
  network: string | null;
  report: PageReport | null;
}

const catalogues = new WeakMap<readonly unknown[], ScannerCatalogue>();

const deploymentNetworks = new WeakMap<readonly string[], NetworkList>();

/** Whether the address is in the deployment's (config) or the tenant's declared offices and gateways. */
async function isDeclaredNetwork(trx: Db, config: Config, tenantId: string, address: string | undefined) {
  if (!address) return false;
  let list = deploymentNetworks.get(config.clicks.egressNetworks);
  if (!list) {
    list = NetworkList.of(config.clicks.egressNetworks);
    deploymentNetworks.set(config.clicks.egressNetworks, list);
  }
  if (list.match(address) !== null) return true;
  const tenant = await egressNetworkList(trx, tenantId);
  return tenant.size > 0 && tenant.match(address) !== null;
}

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
  const shape = gestureShape(input.report);
  const replays =
    shape && input.network
      ? (await countShapeRecipients(
          trx,
          {
            tenantId: row.tenant_id,
            network: input.network,
            shape,
            since: windowStart,
            exceptRecipientId: row.recipient_id,
          },
          fanoutCountLimit(config.clicks) - 1,
        )) + 1
      : 1;
  const declared = await isDeclaredNetwork(trx, config, row.tenant_id, request.address);
  const judged = judgeVisit(
    { facts, report: input.report, catalogue, fanout, replays, declared },
    config.clicks,
  );
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
    via: input.via,
    gesture_shape: shape,
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
  /** Marks the visits automated with one reason; their recipients are judged again below. */
  const downgrade = async (earlier: { id: string; recipient_id: string }[], reason: string) => {
    await downgradeVisits(
      trx,
      earlier.map((v) => v.id),
      fanout,
      JSON.stringify([reason]),
    );
    for (const visit of earlier) downgraded.add(visit.recipient_id);
  };
  const person = humanGesture(input.report) !== null;
  if (input.network && !person && !declared && fanout >= config.clicks.fanoutRecipients) {
    // Later fan-out evidence downgrades what this network opened earlier in the window, but
    // for the visits that carried a person's gesture.
    const earlier = await findNetworkVisitsToDowngrade(trx, row.tenant_id, input.network, windowStart);
    await downgrade(earlier, fanoutReason(fanout, config.clicks));
  }
  if (input.network && shape && replays >= config.clicks.fanoutRecipients) {
    // One gesture replayed on many links: the earlier visits with the same shape were the fleet's too.
    const seen = { tenantId: row.tenant_id, network: input.network, shape, since: windowStart };
    await downgrade(await findShapeVisitsToDowngrade(trx, seen), replayReason(replays, config.clicks));
  }
  const isNew = clickedEvent ? await clickedEvent.record(trx) : false;
  // The first click report of a recipient is the webhook's "click judged", once per recipient.
  if (isNew) {
    await emitEvent(trx, {
      tenantId: row.tenant_id,
      type: 'click.judged',
      recipientId: row.recipient_id,
      data: {
        verdict: judged.verdict,
        counted: COUNTED_VERDICTS.includes(judged.verdict),
        reasons: judged.reasons,
        via: input.via,
      },
    });
  }
  // The first click's time goes on the recipient with its verdict (the same statement).
  const click = isNew && clickedEvent ? clickTiming(row, clickedEvent.at) : undefined;
  if (!downgraded.has(row.recipient_id)) {
    await judgeAfterVisit(trx, row.recipient_id, stored, { ...judged, via: input.via }, click);
  }
  for (const recipientId of downgraded)
    await rejudgeRecipient(trx, recipientId, recipientId === row.recipient_id ? click : undefined);
  return isNew;
}

/** Seconds from the recipient's send (else the campaign's start) to its click, as the dashboard shows it. */
function clickTiming(row: VisitedRecipient, at: string): ClickTiming {
  const from = row.sent_at ?? row.starts_at ?? row.launched_at;
  return { clicked_at: at, click_seconds: from ? (Date.parse(at) - Date.parse(from)) / 1000 : null };
}

/**
 * A lone request judged as a visit would be, with no recipient and nothing stored: the sending
 * profile's allow-listing check uses it to say who opened its test link ("a scanner in
 * Microsoft's network opened it 4 s after delivery"). Fan-out does not apply (one link).
 */
export function judgeLoneRequest(
  config: Config,
  request: RequestFacts,
  sentAt: string | null,
): Judgement & { catalogue: string | null } {
  const now = Date.now();
  const facts: StoredFacts = {
    source: 'page',
    method: request.method,
    prefetch: request.prefetch,
    sec_fetch: request.secFetch,
    accept: request.accept,
    since_sent_ms: sentAt ? Math.max(0, now - Date.parse(sentAt)) : null,
  };
  const catalogue = catalogueOf(config).match(request.address, request.userAgent);
  const judged = judgeVisit(
    { facts, report: null, catalogue, fanout: 1, replays: 1, declared: false },
    config.clicks,
  );
  return { ...judged, catalogue: catalogue ? `${catalogue.name} (${catalogue.certainty})` : null };
}
