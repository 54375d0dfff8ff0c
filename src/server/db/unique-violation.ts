/**
 * Whether a database error is a unique constraint refusing a second row: PostgreSQL's 23505,
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE. A service that checks a name before inserting it
 * catches this for the writer that lost the race between the check and the insert, and answers
 * as the check would have.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
