/** The one query readiness needs: does the database answer? */
import { sql } from 'kysely';
import type { Db } from '@server/db/schema';

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
