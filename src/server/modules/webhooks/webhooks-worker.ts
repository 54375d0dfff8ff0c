/**
 * The delivery worker: claims due deliveries, POSTs each signed body to its webhook (or writes
 * it as a syslog line to its SIEM receiver) and settles it: delivered on a 2xx, else tried again
 * with backoff (backoff.ts) and failed after the last try. Every server process may run one;
 * claims never overlap (webhooks.repository.ts).
 *
 * At least once: a delivery is settled after the receiver answered. A worker killed in between
 * leaves it claimed; when the lease lapses another worker delivers it again with the same event
 * id (`Hookwise-Event-Id`), by which receivers deduplicate.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/db/transaction';
import { newId, newRowId, nowIso } from '@server/lib/ids';
import { open } from '@server/lib/secret-box';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER } from '@shared/webhooks';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff';
import { signatureHeader } from './signature';
import { octetCounted, sendSyslog, syslogLine, syslogTarget } from './syslog';
import { claimDue, deliveryContexts, nextDue, settleDelivery, type Outcome } from './webhooks.repository';

const BATCH = 10;

export interface WebhooksWorker {
  readonly id: string;
  /** Claims and delivers what is due now; resolves to how many deliveries it settled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type Delivery = Awaited<ReturnType<typeof deliveryContexts>>[number];
type Tried = { status: number | null; error: string | null };

/** A failure in a few words: the receiver's status or the network's error code, never its body. */
function reason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || /no answer within/.test(error.message)))
    return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

export function webhooksWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { loop?: boolean } = {},
): WebhooksWorker {
  const { db } = ctx.database;
  const settings = ctx.config.webhooks;
  const id = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;

  async function post(delivery: Delivery): Promise<Tried> {
    if (!delivery.secret_sealed) return { status: null, error: 'no signing secret' };
    let secret: string;
    try {
      secret = open(ctx.config.secretsKey, delivery.secret_sealed);
    } catch {
      return { status: null, error: 'signing secret unreadable (SECRETS_KEY changed)' };
    }
    const signature = signatureHeader(secret, delivery.payload, Math.floor(Date.now() / 1000));
    const response = await fetch(delivery.url, {
      method: 'POST',
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Hookwise-Webhooks/1',
        [SIGNATURE_HEADER]: signature,
        [EVENT_ID_HEADER]: delivery.event_id,
        [EVENT_TYPE_HEADER]: delivery.event_type,
      },
      // A redirect is not followed: the endpoint is the address the owner set, nothing else.
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return { status: response.status, error: ok ? null : `HTTP ${response.status}` };
  }

  async function toSyslog(delivery: Delivery): Promise<Tried> {
    const payload = JSON.parse(delivery.payload) as { type: string; created_at: string };
    const frame = octetCounted(syslogLine(payload, delivery.payload));
    await sendSyslog(syslogTarget(delivery.url, settings.syslogCa), frame, settings.timeoutMs);
    return { status: null, error: null };
  }

  async function deliver(delivery: Delivery): Promise<void> {
    const started = Date.now();
    let tried: Tried;
    try {
      tried = delivery.kind === 'syslog' ? await toSyslog(delivery) : await post(delivery);
    } catch (error) {
      tried = { status: null, error: reason(error, settings.timeoutMs) };
    }
    const attempts = Number(delivery.attempts);
    const giveUp = attempts >= MAX_ATTEMPTS;
    const outcome: Outcome =
      tried.error === null
        ? { state: 'delivered', ...tried }
        : giveUp
          ? { state: 'failed', ...tried }
          : {
              state: 'queued',
              ...tried,
              dueAt: new Date(Date.now() + retryDelayMs(attempts, settings.timeScale)).toISOString(),
            };
    const at = nowIso();
    const attempt = {
      id: newRowId(),
      delivery_id: delivery.id,
      at,
      status: tried.status,
      duration_ms: Date.now() - started,
      error: tried.error,
    };
    await inTransaction(db, (trx) =>
      settleDelivery(trx, { id: delivery.id, workerId: id }, outcome, attempt),
    );
    if (tried.error !== null) {
      log.warn({ delivery: delivery.id, error: tried.error, retry: !giveUp }, 'webhook not delivered');
    }
  }

  async function runOnce(): Promise<number> {
    const now = Date.now();
    const claimed = await inTransaction(db, (trx) =>
      claimDue(trx, {
        workerId: id,
        now: new Date(now).toISOString(),
        leaseUntil: new Date(now + settings.leaseSeconds * 1000).toISOString(),
        limit: BATCH,
        skipLocked: ctx.database.dialect === 'postgres',
      }),
    );
    if (claimed.length === 0) return 0;
    const batch = await deliveryContexts(
      db,
      claimed.map((c) => c.id),
    );
    // Side by side: one slow receiver does not hold the others back by more than the timeout.
    await Promise.all(batch.map(deliver));
    return batch.length;
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
        await sleep(Math.max(5, Math.min(settings.pollMs, untilDue)));
      } catch (error) {
        if (stopped) break;
        log.error({ err: error }, 'webhook worker pass failed');
        await sleep(settings.pollMs);
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
    },
  };
}
