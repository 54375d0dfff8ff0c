/**
 * The automations' planner: a round over every active automation (plan the month, queue what is
 * due; automation-planner.service.ts) every so often, in every server process that sends. Its
 * clock is injectable: tests run months in seconds. It acts as `system` in the audit log.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@server/context';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { runAutomation, type PlannerRound } from './automation-planner.service';
import { activeAutomationIds } from './automations.service';

/** A round a minute: a message is handed to the outbox within a minute of its planned time. */
const ROUND_MS = 60_000;

export interface AutomationsWorker {
  /** One round at the clock's now; resolves to what it planned and queued. */
  runOnce(): Promise<PlannerRound>;
  stop(): Promise<void>;
}

export function automationsWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { loop?: boolean; now?: () => Date } = {},
): AutomationsWorker {
  const { db } = ctx.database;
  const now = options.now ?? (() => new Date());

  async function runOnce(): Promise<PlannerRound> {
    const total = { planned: 0, queued: 0 };
    for (const id of await activeAutomationIds(db)) {
      try {
        const round = await actingAs(SYSTEM_ACTOR, () => runAutomation(db, ctx.config, id, now()));
        total.planned += round.planned;
        total.queued += round.queued;
      } catch (error) {
        // One automation that cannot be planned (its profile removed, …) does not stop the others.
        log.error({ err: error, automation: id }, 'automation round failed');
      }
    }
    return total;
  }

  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped && options.loop !== false) {
      await runOnce().catch((error: unknown) => log.error({ err: error }, 'automations round failed'));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(50, ROUND_MS / ctx.config.sending.timeScale));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    runOnce,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
