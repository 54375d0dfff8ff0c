/**
 * The outbox worker: claims due messages, sends each through its campaign's sending profile and
 * settles it (sent, retried later, or failed with the relay's reply). Every server process may
 * run one; claims never overlap (outbox.repository.ts), so each message is sent by one worker.
 *
 * A message is settled right after the relay accepts it. Its claim is renewed just before it is
 * handed to the relay, and it is not sent when another worker has taken it over meanwhile (a batch
 * outlasting its lease behind a slow relay). A worker killed, or a send outlasting the lease,
 * leaves it claimed; when the claim's lease lapses another worker sends it again, with the same
 * Message-ID. That window (one message per worker) is the only way a message is sent twice.
 * Claims keep each campaign within its rate over any sliding minute (see claim() below).
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { storedCampaignFileSchema, type CampaignFile } from '@shared/campaign';
import { recipientLink } from '@shared/routes';
import type { AppContext } from '@server/context';
import type { SendingProfileRow } from '@server/db/schema';
import { newId, nowIso } from '@server/lib/ids';
import { fromHeader, renderEmail, type RenderedEmail } from './email-render';
import {
  claimDue,
  holdClaim,
  markSent,
  markSkipped,
  markUnsent,
  messageContexts,
  messagesInWindow,
  nextDue,
  releaseClaim,
  sendingsWithDueWork,
} from './outbox.repository';
import { MAX_ATTEMPTS, retryDelayMs } from './schedule';
import { parseHeaders, smtpSettings } from './sending-profiles.service';
import { clearSendingFailures, findProfilesByIds, recordSendingFailure } from './sending.repository';
import { qrPng, QR_CID, QR_FILENAME } from './qr-code';
import { failureText, smtpClient, SmtpFailure, type InlineImage, type SmtpClient } from './smtp-transport';
import { inTransaction } from '@server/db/transaction';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { pauseForRepeatedFailures } from './sending.service';

const BATCH = 10;
const MINUTE = 60_000;

export interface OutboxWorker {
  readonly id: string;
  /** Claims and sends what is due now; resolves to how many messages it settled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type Context = Awaited<ReturnType<typeof messageContexts>>[number];

/** The QR code this recipient's email shows, drawn for its own link. */
async function inlineImages(email: RenderedEmail): Promise<InlineImage[]> {
  if (!email.qr) return [];
  return [{ cid: QR_CID, filename: QR_FILENAME, contentType: 'image/png', content: await qrPng(email.qr) }];
}

export function outboxWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { loop?: boolean } = {},
): OutboxWorker {
  const { db } = ctx.database;
  const { config } = ctx;
  const id = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  const clients = new Map<string, { updatedAt: string; client: SmtpClient }>();
  const files = new Map<string, CampaignFile>();

  function clientFor(profile: SendingProfileRow): SmtpClient {
    const cached = clients.get(profile.id);
    if (cached?.updatedAt === profile.updated_at) return cached.client;
    cached?.client.close();
    const client = smtpClient(smtpSettings(config, profile));
    clients.set(profile.id, { updatedAt: profile.updated_at, client });
    return client;
  }

  function fileOf(message: Context): CampaignFile {
    let file = files.get(message.content);
    if (!file) {
      file = storedCampaignFileSchema.parse(JSON.parse(message.content));
      files.clear();
      files.set(message.content, file);
    }
    return file;
  }

  async function deliver(message: Context, profile: SendingProfileRow | undefined): Promise<void> {
    const settled = { id: message.id, workerId: id };
    // Deactivated since it was queued (SCIM `active: false`, or deleted by the directory).
    if (message.person_active !== null && Number(message.person_active) === 0) {
      await markSkipped(db, settled, 'person deactivated', nowIso());
      return;
    }
    const email =
      profile && message.email
        ? renderEmail(fileOf(message), message.language_code, {
            first_name: message.first_name ?? '',
            last_name: message.last_name ?? '',
            email: message.email,
            department: message.department ?? '',
            link: recipientLink(config.publicUrl, message.rid),
          })
        : undefined;
    if (!profile || !message.email || !email) {
      const why = !profile ? 'no sending profile' : !message.email ? 'no email address' : 'no email';
      const cause = message.email ? 'other' : 'no_address';
      await markUnsent(db, settled, { state: 'failed', reply: why, cause }, nowIso());
      return;
    }
    // Held again for the lease's length from now, or left to the worker that took it over.
    const now = Date.now();
    const leaseUntil = new Date(now + config.sending.leaseSeconds * 1000).toISOString();
    if (!(await holdClaim(db, settled, leaseUntil, new Date(now).toISOString()))) return;
    try {
      const reply = await clientFor(profile).send({
        envelopeFrom: profile.envelope_from,
        from: fromHeader(email.from, profile),
        to: message.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        inline: await inlineImages(email),
        messageId: message.message_id,
        headers: parseHeaders(profile.headers),
      });
      const at = nowIso();
      await inTransaction(db, async (trx) => {
        await markSent(trx, { ...settled, recipientId: message.recipient_id }, reply, at);
        await clearSendingFailures(trx, message.campaign_id);
      });
    } catch (error) {
      const failure = error instanceof SmtpFailure ? error : new SmtpFailure(String(error), false);
      const giveUp = failure.permanent || message.attempts >= MAX_ATTEMPTS;
      const dueAt = new Date(Date.now() + retryDelayMs(message.attempts, config.sending.timeScale));
      // The reply is the relay's own (code and text), or its host:port when none came: the cause
      // says why in plain terms, and the console words both in the operator's language.
      const { cause, detail } = failure.failure;
      const words = { reply: detail ?? failureText(failure.failure), cause };
      const at = nowIso();
      await markUnsent(
        db,
        settled,
        giveUp ? { state: 'failed', ...words } : { state: 'queued', ...words, dueAt: dueAt.toISOString() },
        at,
      );
      // The raw error (e.g. getaddrinfo ENOTFOUND) is for the log; operators read the cause.
      log.warn({ outbox: message.id, reply: failure.message, retry: !giveUp }, 'message not sent');
      await noteFailure(message.campaign_id, failure, at);
    }
  }

  /** Counts a failure in a row; at the limit the campaign is paused, with the cause, not left queued. */
  async function noteFailure(campaignId: string, failure: SmtpFailure, at: string) {
    const inARow = await recordSendingFailure(db, campaignId, failure.failure, at);
    if (inARow < config.sending.pauseAfterFailures) return;
    // Whoever drives the worker, the pause is Hookwise's own decision: it is recorded as `system`.
    if (await actingAs(SYSTEM_ACTOR, () => pauseForRepeatedFailures(db, campaignId, at))) {
      pausedNow.add(campaignId);
      log.warn(
        { campaign: campaignId, failures: inARow, cause: failure.failure.cause },
        'sending paused: messages keep failing',
      );
    }
  }

  const pausedNow = new Set<string>();

  /** Campaigns found at their rate by the last pass, and when the first of them may send again. */
  let held: { campaigns: string[]; until: number | null } = { campaigns: [], until: null };

  /**
   * Claims due messages, never more for a campaign than its rate allows in the sliding window:
   * at most `rate` messages accepted or being sent in any (scaled) minute, counted in the
   * database at claim time so that every instance's sends count. A worker behind its plan (a
   * late start, a busy machine, a resume) sends what is overdue only as fast as the rate.
   */
  async function claim(now: number) {
    const windowMs = MINUTE / config.sending.timeScale;
    const at = new Date(now).toISOString();
    const base = {
      workerId: id,
      now: at,
      leaseUntil: new Date(now + config.sending.leaseSeconds * 1000).toISOString(),
      skipLocked: ctx.database.dialect === 'postgres',
    };
    return inTransaction(db, async (trx) => {
      const claimed: Awaited<ReturnType<typeof claimDue>> = [];
      const atRate: string[] = [];
      let until: number | null = null;
      for (const sending of await sendingsWithDueWork(trx, at, base.skipLocked)) {
        if (claimed.length >= BATCH) break;
        const window = await messagesInWindow(
          trx,
          sending.campaign_id,
          new Date(now - windowMs).toISOString(),
          at,
        );
        const room = Math.min(sending.rate_per_minute - window.count, BATCH - claimed.length);
        if (room <= 0) {
          atRate.push(sending.campaign_id);
          // The oldest accepted message leaves the window then; with only messages in flight, poll.
          const free = window.oldestSentAt
            ? Date.parse(window.oldestSentAt) + windowMs
            : now + config.sending.pollMs;
          until = Math.min(until ?? free, free);
          continue;
        }
        claimed.push(...(await claimDue(trx, sending.campaign_id, { ...base, limit: room })));
      }
      held = { campaigns: atRate, until };
      return claimed;
    });
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim(Date.now());
    if (claimed.length === 0) return 0;
    const order = new Map(claimed.map((c) => [c.id, c.due_at]));
    const messages = (await messageContexts(db, [...order.keys()])).sort((a, b) =>
      (order.get(a.id) ?? '').localeCompare(order.get(b.id) ?? ''),
    );
    const profiles = new Map(
      (await findProfilesByIds(db, [...new Set(messages.map((m) => m.profile_id))])).map((p) => [p.id, p]),
    );
    // One at a time, each claimed only once due: the plan sets the pace.
    pausedNow.clear();
    for (const message of messages) {
      // Paused for failures during this pass: the rest waits for the resume, untried.
      if (pausedNow.has(message.campaign_id))
        await releaseClaim(db, { id: message.id, workerId: id }, nowIso());
      else await deliver(message, profiles.get(message.profile_id));
    }
    return messages.length;
  }

  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped && options.loop !== false) {
      try {
        if ((await runOnce()) > 0) continue;
        const due = await nextDue(db, undefined, held.campaigns);
        const untilDue = due ? Date.parse(due) - Date.now() : Infinity;
        const untilFree = held.until === null ? Infinity : held.until - Date.now();
        await sleep(Math.max(5, Math.min(config.sending.pollMs, untilDue, untilFree)));
      } catch (error) {
        if (stopped) break;
        log.error({ err: error }, 'outbox worker pass failed');
        await sleep(config.sending.pollMs);
      }
    }
  })();

  return {
    id,
    runOnce,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      for (const { client } of clients.values()) client.close();
    },
  };
}
