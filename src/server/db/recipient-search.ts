/**
 * One search over a campaign's recipients, shared by the console's recipients list and the
 * results' recipients table: the words match, case-insensitively and literally (no LIKE
 * wildcards), anywhere in the e-mail, first name, person id or department.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from './schema';

const SEARCHED = ['email', 'first_name', 'person_id', 'department'] as const;

export function recipientMatches(q: string) {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (eb: ExpressionBuilder<Database, 'recipients'>) =>
    eb.or(SEARCHED.map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`)));
}
