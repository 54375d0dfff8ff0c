/** Fixtures for sending tests: a worker run by hand on a compressed clock, and draining the outbox. */
import type { SendingProgress } from '../../shared/sending';
import { outboxWorker, type OutboxWorker } from '../modules/sending/outbox-worker';
import type { Harness } from './harness';

/** A worker that runs only when asked, on a clock compressed so retries come at once. */
export function testWorker(h: Harness): OutboxWorker {
  const config = { ...h.config, sending: { ...h.config.sending, timeScale: 1e9 } };
  return outboxWorker({ config, database: h.database }, h.app.log, { loop: false });
}

/** Runs the worker until nothing is queued or being sent. */
export async function drain(worker: OutboxWorker, progress: () => Promise<SendingProgress>) {
  for (let i = 0; i < 2000; i++) {
    const { counts } = await progress();
    if (counts.queued === 0 && counts.sending === 0) return;
    if ((await worker.runOnce()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the outbox did not drain');
}
