/**
 * The outbox worker: claims due messages, sends each through its campaign's sending profile and
 * settles it (sent, retried later, or failed with the relay's reply). Every server process may
 * run one; claims never overlap (outbox.repository.ts), so each message is sent by one worker.
 *
 * A message is settled right after the relay accepts it. A worker killed in between leaves it
 * claimed; when the claim's lease lapses another worker sends it again, with the same
 * Message-ID. That window (one message per worker) is the only way a message is sent twice.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { campaignFileSchema, type CampaignFile } from '../../../shared/campaign';
import type { AppContext } from '../../context';
import type { SendingProfileRow } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { renderEmail } from './email-render';
import { claimDue, markSent, markUnsent, messageContexts, nextDue } from './outbox.repository';
import { MAX_ATTEMPTS, retryDelayMs } from './schedule';
import { parseHeaders, smtpSettings } from './sending-profiles.service';
import { findProfilesByIds } from './sending.repository';
import { smtpClient, SmtpFailure, type SmtpClient } from './smtp-transport';

const BATCH = 10;

export interface OutboxWorker {
  readonly id: string;
  /** Claims and sends what is due now; resolves to how many messages it settled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type Context = Awaited<ReturnType<typeof messageContexts>>[number];

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
      file = campaignFileSchema.parse(JSON.parse(message.content));
      files.clear();
      files.set(message.content, file);
    }
    return file;
  }

  async function deliver(message: Context, profile: SendingProfileRow | undefined): Promise<void> {
    const settled = { id: message.id, workerId: id };
    const email =
      profile && message.email
        ? renderEmail(fileOf(message), message.language_code, {
            first_name: message.first_name ?? '',
            last_name: message.last_name ?? '',
            email: message.email,
            department: message.department ?? '',
            link: `${config.publicUrl}/phish?rid=${message.rid}`,
          })
        : undefined;
    if (!profile || !message.email || !email) {
      const why = !profile ? 'no sending profile' : !message.email ? 'no email address' : 'no email';
      await markUnsent(db, settled, { state: 'failed', reply: why }, nowIso());
      return;
    }
    try {
      const reply = await clientFor(profile).send({
        envelopeFrom: profile.envelope_from,
        from: fromHeader(email.from, profile),
        to: message.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: message.message_id,
        headers: parseHeaders(profile.headers),
      });
      const at = nowIso();
      await db
        .transaction()
        .execute((trx) => markSent(trx, { ...settled, recipientId: message.recipient_id }, reply, at));
    } catch (error) {
      const failure = error instanceof SmtpFailure ? error : new SmtpFailure(String(error), false);
      const giveUp = failure.permanent || message.attempts >= MAX_ATTEMPTS;
      const dueAt = new Date(Date.now() + retryDelayMs(message.attempts, config.sending.timeScale));
      await markUnsent(
        db,
        settled,
        giveUp
          ? { state: 'failed', reply: failure.message }
          : { state: 'queued', reply: failure.message, dueAt: dueAt.toISOString() },
        nowIso(),
      );
      log.warn({ outbox: message.id, reply: failure.message, retry: !giveUp }, 'message not sent');
    }
  }

  async function runOnce(): Promise<number> {
    const now = Date.now();
    const claimed = await claimDue(db, {
      workerId: id,
      now: new Date(now).toISOString(),
      leaseUntil: new Date(now + config.sending.leaseSeconds * 1000).toISOString(),
      limit: BATCH,
      skipLocked: ctx.database.dialect === 'postgres',
    });
    if (claimed.length === 0) return 0;
    const order = new Map(claimed.map((c) => [c.id, c.due_at]));
    const messages = (await messageContexts(db, [...order.keys()])).sort((a, b) =>
      (order.get(a.id) ?? '').localeCompare(order.get(b.id) ?? ''),
    );
    const profiles = new Map(
      (await findProfilesByIds(db, [...new Set(messages.map((m) => m.profile_id))])).map((p) => [p.id, p]),
    );
    // One at a time, each claimed only once due: the plan sets the pace.
    for (const message of messages) await deliver(message, profiles.get(message.profile_id));
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
        const due = await nextDue(db);
        const untilDue = due ? Date.parse(due) - Date.now() : Infinity;
        await sleep(Math.max(5, Math.min(config.sending.pollMs, untilDue)));
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

/** The campaign's From when it names an address; else its text as the name of the profile's address. */
function fromHeader(from: string, profile: SendingProfileRow): string {
  if (/@/.test(from)) return from;
  const address = profile.header_from ?? profile.envelope_from;
  const bare = /<([^>]+)>/.exec(address)?.[1] ?? address;
  return `"${from.replace(/["\\]/g, '')}" <${bare}>`;
}
