/** Readiness: the process answers, and so does its database. */
import type { Db } from '../../db/database';

export async function checkHealth(database: Db): Promise<{ status: 'ok' }> {
  await database.ping();
  return { status: 'ok' };
}
