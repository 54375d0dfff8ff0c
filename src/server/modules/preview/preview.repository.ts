/** SQL for operator previews: store one, find an open one by its rid, drop the expired. */
import type { Kysely } from 'kysely';
import type { Database, NewPreview } from '../../db/schema';

export async function insertPreview(db: Kysely<Database>, preview: NewPreview): Promise<void> {
  await db.insertInto('previews').values(preview).execute();
}

/** The preview with this rid unless it has expired (ISO timestamps compare as text). */
export function findOpenPreview(db: Kysely<Database>, rid: string, now: string) {
  return db
    .selectFrom('previews')
    .selectAll()
    .where('id', '=', rid)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteExpiredPreviews(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('previews').where('expires_at', '<=', now).execute();
}
