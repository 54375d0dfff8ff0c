/**
 * A campaign's sending: start (every recipient gets one outbox row, planned by the schedule),
 * pause, resume, cancel, and its progress. Sending again adds the recipients imported since;
 * nobody gets a second message (one row per recipient). The workers (outbox-worker.ts) send.
 */
import { campaignStatus } from '@shared/admin-api';
import { storedCampaignFileSchema } from '@shared/campaign';
import {
  OUTBOX_STATES,
  type SendingHealth,
  type SendingHealthList,
  type SendingPlan,
  type SendingProgress,
} from '@shared/sending';
import type { Config } from '@server/config';
import type { Campaign, SendingRow, Db } from '@server/db/schema';
import { badRequest, conflict } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import {
  cancelQueued,
  failedMessages,
  insertOutboxRows,
  nextDue,
  queuedMessages,
  recipientsWithoutMessage,
  requeueCancelled,
  setDueTimes,
  stateCounts,
} from './outbox.repository';
import { clockMinutes, dueTimes, intervalMs, type Schedule } from './schedule';
import { domainOf, requireProfile } from './sending-profiles.service';
import {
  findSending,
  pauseForFailures,
  setSendingState,
  tenantSendings,
  upsertSending,
} from './sending.repository';
import { inTransaction } from '@server/db/transaction';
import { audited } from '../audit/audited';
import { isTimeZone } from '@shared/time-zone';

export async function startSending(
  db: Db,
  config: Config,
  campaign: Campaign,
  plan: SendingPlan,
): Promise<SendingProgress> {
  await audited(db, { tenantId: campaign.tenant_id, action: 'campaign.send', target: campaign.id }, (trx) =>
    queueSending(trx, config, campaign, plan),
  );
  return sendingProgress(db, campaign);
}

/**
 * Plans the sending and queues a message for every recipient without one, inside the caller's
 * transaction: a launch that sends does it in its own, audited as the launch.
 */
export async function queueSending(trx: Db, config: Config, campaign: Campaign, plan: SendingPlan) {
  const status = campaignStatus(campaign);
  if (status === 'ended') throw conflict('The campaign has ended', 'campaign_ended');
  if (status === 'draft') throw conflict('Launch the campaign before sending it', 'campaign_not_running');
  if (!storedCampaignFileSchema.parse(JSON.parse(campaign.content)).email) {
    throw conflict('The campaign file has no email to send', 'campaign_has_no_email');
  }
  const profile = await requireProfile(trx, campaign.tenant_id, plan.profile_id);
  const timeZone = plan.time_zone ?? campaign.time_zone;
  if (!isTimeZone(timeZone)) throw badRequest(`Unknown time zone ${timeZone}`, 'invalid_dates');
  // Links work from the campaign's start: no message goes out before it.
  const startsAt = Math.max(
    plan.starts_at ? Date.parse(plan.starts_at) : Date.now(),
    campaign.starts_at ? Date.parse(campaign.starts_at) : 0,
  );
  const now = nowIso();
  await inTransaction(trx, async (trx) => {
    await upsertSending(trx, {
      campaign_id: campaign.id,
      tenant_id: campaign.tenant_id,
      profile_id: plan.profile_id,
      state: 'running',
      starts_at: new Date(startsAt).toISOString(),
      rate_per_minute: plan.rate_per_minute,
      spread_minutes: plan.spread_minutes,
      window_start: plan.window ? clockMinutes(plan.window.start) : null,
      window_end: plan.window ? clockMinutes(plan.window.end) : null,
      time_zone: timeZone,
      paused_at: null,
      created_at: now,
    });
    await requeueCancelled(trx, campaign.id, now);
    const domain = domainOf(profile.envelope_from);
    const fresh = await recipientsWithoutMessage(trx, campaign.id);
    await insertOutboxRows(
      trx,
      fresh.map((r) => {
        const id = newId();
        return {
          id,
          tenant_id: campaign.tenant_id,
          campaign_id: campaign.id,
          recipient_id: r.id,
          // Without an address there is nothing to send: recorded as failed, with why.
          state: r.email ? 'queued' : 'failed',
          last_reply: r.email ? null : 'no email address',
          due_at: now,
          message_id: `<${id}@${domain}>`,
          updated_at: now,
        };
      }),
    );
    const sending = await findSending(trx, campaign.id);
    if (sending) await planQueued(trx, config, sending, startsAt);
  });
}

function scheduleOf(config: Config, sending: SendingRow): Schedule {
  return {
    ratePerMinute: sending.rate_per_minute,
    spreadMinutes: sending.spread_minutes,
    window:
      sending.window_start === null || sending.window_end === null
        ? null
        : { start: sending.window_start, end: sending.window_end },
    timeZone: sending.time_zone,
    timeScale: config.sending.timeScale,
  };
}

/** Gives the queued messages their due times from `from`, in their order. */
async function planQueued(trx: Db, config: Config, sending: SendingRow, from: number) {
  const queued = await queuedMessages(trx, sending.campaign_id);
  const schedule = scheduleOf(config, sending);
  const times = dueTimes(schedule, queued.length, intervalMs(schedule, queued.length), from);
  await setDueTimes(
    trx,
    queued.map((m, i) => ({ id: m.id, due_at: new Date(times[i] ?? from).toISOString() })),
  );
}

const auditOf = (campaign: Campaign, action: string) => ({
  tenantId: campaign.tenant_id,
  action,
  target: campaign.id,
});

export async function pauseSending(db: Db, campaign: Campaign) {
  await audited(db, auditOf(campaign, 'campaign.send_pause'), async (trx) => {
    if (!(await setSendingState(trx, campaign.id, ['running'], 'paused', nowIso()))) {
      throw conflict('The campaign is not sending', 'campaign_not_running');
    }
  });
  return sendingProgress(db, campaign);
}

/**
 * Hookwise's own pause of a running sending whose messages keep failing (the outbox worker,
 * acting as `system`); false when it was not running.
 */
export async function pauseForRepeatedFailures(db: Db, campaignId: string, at: string): Promise<boolean> {
  const sending = await findSending(db, campaignId);
  if (sending?.state !== 'running') return false;
  const audit = {
    tenantId: sending.tenant_id,
    action: 'campaign.send_pause',
    target: campaignId,
    details: { reason: 'failures' },
  };
  try {
    await audited(db, audit, async (trx) => {
      if (!(await pauseForFailures(trx, campaignId, at))) throw NOT_RUNNING;
    });
    return true;
  } catch (error) {
    if (error === NOT_RUNNING) return false;
    throw error;
  }
}

/** Rolls a pause back when another instance changed the sending first: nothing to record. */
const NOT_RUNNING = new Error('not running');

/** Resumes where it stopped: the queued messages are planned again from now, at the same pace. */
export async function resumeSending(db: Db, config: Config, campaign: Campaign) {
  await audited(db, auditOf(campaign, 'campaign.send_resume'), async (trx) => {
    if (!(await setSendingState(trx, campaign.id, ['paused'], 'running', null))) {
      throw conflict('The sending is not paused', 'campaign_not_running');
    }
    const sending = await findSending(trx, campaign.id);
    if (sending) await planQueued(trx, config, sending, Math.max(Date.now(), Date.parse(sending.starts_at)));
  });
  return sendingProgress(db, campaign);
}

/** Stops for good: queued messages are cancelled (a message being sent right now still completes). */
export async function cancelSending(db: Db, campaign: Campaign) {
  await audited(db, auditOf(campaign, 'campaign.send_cancel'), async (trx) => {
    if (!(await setSendingState(trx, campaign.id, ['running', 'paused'], 'cancelled', null))) {
      throw conflict('The campaign is not sending', 'campaign_not_running');
    }
    await cancelQueued(trx, campaign.id, nowIso());
  });
  return sendingProgress(db, campaign);
}

export async function sendingProgress(db: Db, campaign: Campaign): Promise<SendingProgress> {
  const sending = await findSending(db, campaign.id);
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as SendingProgress['counts'];
  for (const row of await stateCounts(db, campaign.id)) counts[row.state] = Number(row.n);
  return {
    state: sending?.state ?? null,
    profile_id: sending?.profile_id ?? null,
    starts_at: sending?.starts_at ?? null,
    rate_per_minute: sending?.rate_per_minute ?? null,
    counts,
    next_due_at: counts.queued > 0 ? await nextDue(db, campaign.id) : null,
    failures: await failedMessages(db, campaign.id, 100),
    health: healthOf(sending),
  };
}

/** Every recipient of the campaign whose message failed for good, with the relay's last reply. */
export function failedSends(db: Db, campaign: Campaign) {
  return failedMessages(db, campaign.id, 1_000_000);
}

/** ok, failing (since the first of the failures in a row) or paused by Hookwise for them. */
export function healthOf(sending: SendingRow | undefined): SendingHealth {
  const failure = sending?.last_cause ? { cause: sending.last_cause, detail: sending.last_detail } : null;
  if (sending?.state === 'paused' && sending.paused_reason === 'failures') {
    return { state: 'paused', failure, since: sending.paused_at };
  }
  if (sending?.state === 'running' && Number(sending.consecutive_failures) > 0) {
    return { state: 'failing', failure, since: sending.failing_since };
  }
  return { state: 'ok', failure: null, since: null };
}

/** Every sending campaign of the tenant with its health: the campaign list and the home page read it. */
export async function sendingHealthList(db: Db, tenantId: string): Promise<SendingHealthList> {
  const rows = await tenantSendings(db, tenantId);
  return { campaigns: rows.map((row) => ({ campaign_id: row.campaign_id, ...healthOf(row) })) };
}

/** The sending profile a campaign was sent with, if Hookwise sent it (the training's e-mails use it too). */
export async function sendingProfileOf(db: Db, campaignId: string): Promise<string | undefined> {
  return (await findSending(db, campaignId))?.profile_id;
}
