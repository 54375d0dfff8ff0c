/** SQL for operator previews: store one, find an open one by its rid, drop the expired. */
import type { NewPreview, Db } from '@server/db/schema';

export async function insertPreview(db: Db, preview: NewPreview): Promise<void> {
  await db.insertInto('previews').values(preview).execute();
}

/** The preview with this rid unless it has expired (ISO timestamps compare as text). */
export function findOpenPreview(db: Db, rid: string, now: string) {
  return db
    .selectFrom('previews')
    .selectAll()
    .where('id', '=', rid)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteExpiredPreviews(db: Db, now: string): Promise<void> {
  await db.deleteFrom('previews').where('expires_at', '<=', now).execute();
}
