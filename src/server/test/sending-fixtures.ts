/**
 * Fixtures for sending tests: a sending profile for the test SMTP server, a second database pool,
 * a worker run by hand on a compressed clock, and draining the outbox.
 */
import { sql } from 'kysely';
import type { SendingProgress } from '@shared/sending';
import { openDatabase } from '../db/database';
import { outboxWorker, type OutboxWorker } from '../modules/sending/outbox-worker';
import type { Harness } from './harness';
import type { SmtpSink } from './smtp-sink';

/** A plain-SMTP sending profile for the test SMTP server, made through the API; its id. */
export async function sinkProfile(
  h: Harness,
  headers: Record<string, string>,
  sink: SmtpSink,
  envelopeFrom: string,
): Promise<string> {
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/sending-profiles',
    headers,
    payload: { name: 'Sink', host: '127.0.0.1', port: sink.port, tls: 'none', envelope_from: envelopeFrom },
  });
  if (res.statusCode !== 201) throw new Error(`sending profile not created: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A second pool on the same database (PostgreSQL), as another process would have; none on SQLite. */
export async function secondDatabase(h: Harness) {
  if (h.database.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(h.database.db);
  return openDatabase(process.env.TEST_DATABASE_URL!, { schema: rows[0]!.schema, poolSize: 3 });
}

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
