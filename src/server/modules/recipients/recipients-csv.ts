/**
 * Reads a recipients CSV: a header with `email` or `person_id`, optionally `first_name`, `last_name`,
 * `language` (or `language_code`: a code, English name or own name, e.g. de, German or Deutsch),
 * `department` (or `group`, or GoPhish's `position`, for breakdowns), `time_zone` (or `Time Zone`,
 * `tz`: the person's IANA zone, e.g. Europe/Berlin, for automations) and `sent_at` (ISO 8601, when
 * the mailer sent the message: clicks within seconds of it are a scanner's). Headers are matched
 * as GoPhish matches them (recipientColumn: `First Name`, `E-mail`…), and an e-mail cell may be
 * `Name <address>`. A GoPhish group CSV is read by this same reader. Each row is accepted or rejected with its
 * line number and the reason, so an operator can fix the file and import again without losing or
 * doubling anyone.
 */
import { parse } from 'csv-parse/sync';
import type { LanguageCode } from '@shared/languages';
import { recipientColumn, recipientCsvRowSchema } from '@shared/recipients-csv';
import { badRequest } from '@server/lib/errors';

export interface RecipientInput {
  email: string | null;
  person_id: string | null;
  first_name: string | null;
  last_name?: string | null;
  language_code: LanguageCode | null;
  department?: string | null;
  sent_at?: string | null;
  /** The person's IANA time zone (kept on the person, not the recipient). */
  time_zone?: string | null;
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
      department: record.department ?? record.group ?? record.position,
      sent_at: record.sent_at,
      time_zone: record.time_zone,
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

export function readCsv(text: string): CsvRecord[] {
  let written: string[] = [];
  let header: string[] = [];
  let records: CsvRecord[];
  try {
    records = parse<CsvRecord>(text, {
      columns: (names: string[]) => {
        written = names.map((name) => name.trim());
        return (header = names.map(recipientColumn));
      },
      info: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw badRequest(`Invalid CSV: ${error instanceof Error ? error.message : 'unreadable'}`, 'invalid_csv');
  }
  // Checked on the header itself: a file of only a header, or of other columns, is no import of
  // nobody but a wrong file.
  if (!header.includes('email') && !header.includes('person_id')) {
    throw badRequest(
      header.length === 0
        ? 'The CSV is empty: it needs a header with an email column (Email, E-mail, Email Address) or person_id'
        : `The CSV has no email column: its header (${written.join(', ')}) names none of Email, E-mail, Email Address or person_id`,
      'invalid_csv',
    );
  }
  return records;
}
