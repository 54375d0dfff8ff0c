/**
 * Reads a recipients CSV: a header with `email` or `person_id`, optionally `first_name`, `last_name`,
 * `language` (or `language_code`: a code, English name or own name, e.g. de, German or Deutsch),
 * `department` (or `group`, for breakdowns) and `sent_at` (ISO 8601, when the mailer sent the
 * message: clicks within seconds of it are a scanner's). Each row is accepted or rejected with its
 * line number and the reason, so an operator can fix the file and import again without losing or
 * doubling anyone.
 */
import { parse } from 'csv-parse/sync';
import type { LanguageCode } from '@shared/languages';
import { recipientCsvRowSchema } from '@shared/recipients-csv';
import { badRequest } from '@server/lib/errors';

export interface RecipientInput {
  email: string | null;
  person_id: string | null;
  first_name: string | null;
  last_name?: string | null;
  language_code: LanguageCode | null;
  department?: string | null;
  sent_at?: string | null;
}

export interface RejectedRow {
  line: number;
  reason: string;
}

/** Identities already in the campaign, so a second import of the same file adds nobody twice. */
export interface ExistingIdentities {
  emails: ReadonlySet<string>;
  personIds: ReadonlySet<string>;
}

interface CsvRecord {
  record: Record<string, string | undefined>;
  info: { lines: number };
}

export function parseRecipientsCsv(text: string, existing: ExistingIdentities) {
  const records = readCsv(text);
  const accepted: RecipientInput[] = [];
  const rejected: RejectedRow[] = [];
  const seenEmail = new Map<string, number>();
  const seenPerson = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const parsed = recipientCsvRowSchema.safeParse({
      email: record.email,
      person_id: record.person_id,
      first_name: record.first_name,
      last_name: record.last_name,
      language_code: record.language ?? record.language_code,
      department: record.department ?? record.group,
      sent_at: record.sent_at,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // Named as in the CSV header, so the operator finds the column to fix.
      const field = String(issue?.path[0] ?? 'row');
      const column = field === 'language_code' ? (record.language === undefined ? field : 'language') : field;
      rejected.push({ line, reason: `${column}: ${issue?.message ?? 'invalid'}${quoted(record[column])}` });
      continue;
    }
    const row = parsed.data;
    const reason = duplicateReason(row, existing, seenEmail, seenPerson);
    if (reason) {
      rejected.push({ line, reason });
      continue;
    }
    if (row.email) seenEmail.set(row.email, line);
    if (row.person_id) seenPerson.set(row.person_id, line);
    accepted.push(row);
  }
  return { accepted, rejected, rows: records.length };
}

/** The bad value, echoed so the operator sees what to fix without opening the file at that line. */
function quoted(value: string | undefined): string {
  if (value === undefined) return '';
  return `: "${value.length > 60 ? `${value.slice(0, 59)}…` : value}"`;
}

function duplicateReason(
  row: RecipientInput,
  existing: ExistingIdentities,
  seenEmail: Map<string, number>,
  seenPerson: Map<string, number>,
): string | undefined {
  if (!row.email && !row.person_id) return 'needs an email or a person_id';
  if (row.email && existing.emails.has(row.email)) return 'email is already a recipient of this campaign';
  if (row.person_id && existing.personIds.has(row.person_id)) {
    return 'person_id is already a recipient of this campaign';
  }
  const earlier = (row.email && seenEmail.get(row.email)) || (row.person_id && seenPerson.get(row.person_id));
  return earlier ? `duplicate of line ${earlier}` : undefined;
}

function readCsv(text: string): CsvRecord[] {
  let records: CsvRecord[];
  try {
    records = parse<CsvRecord>(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      info: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw badRequest(`Invalid CSV: ${error instanceof Error ? error.message : 'unreadable'}`, 'invalid_csv');
  }
  const first = records[0]?.record;
  if (first && !('email' in first) && !('person_id' in first)) {
    throw badRequest('The CSV header needs an email or a person_id column', 'invalid_csv');
  }
  return records;
}
