/**
 * The training worker: on each tick it applies every tenant's training policy (scheduleTraining)
 * and sends the training's due e-mails through the simulation's sending profile. Every server
 * process may run one (it runs beside the outbox worker); an assignment, a reminder or a note is
 * stored once by the database's unique indexes, and a message is claimed by one worker only
 * (training.repository.ts claimMessage). The clock is injectable, so a test moves days in a call.
 *
 * As with the outbox: a message is settled right after the relay accepts it; a worker killed in
 * between leaves it claimed and another sends it again, with the same Message-ID, once the lease
 * lapses.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { storedCampaignFileSchema } from '@shared/campaign';
import type { AppContext } from '@server/context';
import { newId } from '@server/lib/ids';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { MAX_ATTEMPTS, retryDelayMs } from '../sending/schedule';
import { domainOf, parseHeaders, requireProfile, smtpSettings } from '../sending/sending-profiles.service';
import { sendingProfileOf } from '../sending/sending.service';
import { failureText, smtpClient, SmtpFailure } from '../sending/smtp-transport';
import { renderTrainingEmail } from './training-email';
import { scheduleTraining } from './training.service';
import { claimMessage, dueMessageIds, messageContext, settleMessage } from './training.repository';

const BATCH = 20;
/** How often an idle worker applies the policies (scaled by SENDING_TIME_SCALE). */
const TICK_MS = 60_000;

export interface TrainingWorker {
  readonly id: string;
  /** Applies the policies at the clock's now and sends what is due; resolves to how many e-mails it settled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** The training link: the journey's first step after the phishing page, which a training skips. */
export function trainingLink(publicUrl: string, rid: string, content: string | null): string {
  const file = content ? storedCampaignFileSchema.safeParse(JSON.parse(content)) : undefined;
  const first = (file?.success ? file.data.navigation[0] : undefined) ?? 'awareness';
  return `${publicUrl}/phish/${first}?rid=${encodeURIComponent(rid)}`;
}

export function trainingWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { loop?: boolean; clock?: () => Date } = {},
): TrainingWorker {
  const { db } = ctx.database;
  const { config } = ctx;
  const clock = options.clock ?? (() => new Date());
  const id = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;

  async function deliver(messageId: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const leaseUntil = new Date(now.getTime() + config.sending.leaseSeconds * 1000).toISOString();
    if (!(await claimMessage(db, { id: messageId, workerId: id, now: at, leaseUntil }))) return false;
    const message = await messageContext(db, messageId);
    if (!message) return false;
    const profileId = await sendingProfileOf(db, message.campaign_id);
    const why = !message.email
      ? 'no email address'
      : Number(message.active) !== 1
        ? 'person deactivated'
        : !profileId
          ? 'no sending profile'
          : message.kind !== 'praise' && !message.rid
            ? 'no training link'
            : undefined;
    if (why || !profileId || !message.email) {
      await settleMessage(db, messageId, id, { state: 'failed', reply: why ?? 'not sent' });
      return true;
    }
    const link = message.rid ? trainingLink(config.publicUrl, message.rid, message.training_content) : null;
    const email = renderTrainingEmail(message.kind, message.language_code, {
      first_name: message.first_name,
      link,
    });
    const profile = await requireProfile(db, message.tenant_id, profileId);
    const client = smtpClient(smtpSettings(config, profile), { pool: false });
    try {
      const reply = await client.send({
        envelopeFrom: profile.envelope_from,
        from: profile.header_from ?? profile.envelope_from,
        to: message.email,
        subject: email.subject,
        text: email.text,
        messageId: `<${message.message_id}@${domainOf(profile.envelope_from)}>`,
        headers: parseHeaders(profile.headers),
      });
      await settleMessage(db, messageId, id, { state: 'sent', reply, at: clock().toISOString() });
    } catch (error) {
      const failure = error instanceof SmtpFailure ? error : new SmtpFailure(String(error), false);
      const reply = failure.failure.detail ?? failureText(failure.failure);
      const attempts = Number(message.attempts);
      if (failure.permanent || attempts >= MAX_ATTEMPTS) {
        await settleMessage(db, messageId, id, { state: 'failed', reply });
      } else {
        const dueAt = new Date(
          now.getTime() + retryDelayMs(attempts, config.sending.timeScale),
        ).toISOString();
        await settleMessage(db, messageId, id, { state: 'queued', reply, dueAt });
      }
      log.warn({ training_message: messageId, reply: failure.message }, 'training e-mail not sent');
    } finally {
      client.close();
    }
    return true;
  }

  async function runOnce(): Promise<number> {
    const now = clock();
    // Hookwise's own decisions, recorded as `system` whoever drives the worker.
    await actingAs(SYSTEM_ACTOR, () =>
      scheduleTraining(db, now, { settleSeconds: config.clicks.fanoutWindowSeconds }),
    );
    let settled = 0;
    for (;;) {
      const ids = await dueMessageIds(db, now.toISOString(), BATCH);
      let claimed = 0;
      for (const messageId of ids) if (await deliver(messageId, now)) claimed++;
      settled += claimed;
      if (ids.length < BATCH || claimed === 0) return settled;
    }
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
        await runOnce();
      } catch (error) {
        if (stopped) break;
        log.error({ err: error }, 'training worker pass failed');
      }
      await sleep(Math.max(50, TICK_MS / config.sending.timeScale));
    }
  })();

  return {
    id,
    runOnce,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
