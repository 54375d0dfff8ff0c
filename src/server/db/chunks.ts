/**
 * SQLite limits the parameters bound to one statement (32,766; fewer in older builds), so
 * multi-row statements go in chunks. 500 rows keep every statement here well under it.
 */
export const CHUNK_ROWS = 500;

/** Runs `work` on each chunk of `items` in turn and returns the results in order. */
export async function inChunks<T, R>(items: readonly T[], work: (chunk: T[]) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK_ROWS) results.push(await work(items.slice(i, i + CHUNK_ROWS)));
  return results;
}
