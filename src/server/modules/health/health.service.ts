/** Readiness: the process answers, and so does its database. */
import type { Db } from '@server/db/schema';
import { ping } from './health.repository';

export async function checkHealth(db: Db): Promise<{ status: 'ok' }> {
  await ping(db);
  return { status: 'ok' };
}
