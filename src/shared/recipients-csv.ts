/**
 * The recipients CSV (POST /api/admin/campaigns/:id/recipients, `hookwise recipients import`),
 * one row as read from it: empty cells are none, an email is lower-cased, a language is one of
 * ours (given by code, English name or its own name), sent_at an ISO 8601 time (one file per
 * area: see admin-api.ts; the row-by-row answer is admin-api.ts's importReportSchema). Each error message is the reason a rejected row shows.
 */
import { z } from 'zod';
import { LANGUAGE_CODES, languageFromName } from './languages';
import { canonicalTimeZone, isTimeZone } from './time-zone';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The columns a header may name, matched as GoPhish matches its group CSV: case, spaces, `_`
 * and `-` ignored, so `First Name`, `first_name` and `FirstName` are one column, and `Email`,
 * `E-mail` and `Email Address` another. GoPhish's `Position` is kept as the department.
 */
const COLUMNS: Record<string, string> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  personid: 'person_id',
  firstname: 'first_name',
  lastname: 'last_name',
  language: 'language',
  languagecode: 'language_code',
  department: 'department',
  group: 'group',
  position: 'position',
  sentat: 'sent_at',
  timezone: 'time_zone',
  tz: 'time_zone',
};

/** A header cell as the column it names (`email`, `first_name`, …), else squashed as written. */
export function recipientColumn(header: string): string {
  const squashed = header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return COLUMNS[squashed] ?? squashed;
}

const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;
const LOCAL_ATOM = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+$/u;

/**
 * An address as GoPhish's reader (Go's net/mail) accepts it: letters of any script in the local
 * part (`jürgen.müller@…`, RFC 6532) and in the domain (internationalised domain names, or
 * their xn-- form), dot-separated, with a top-level domain that is not a number.
 */
export function isMailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || value.length > 320) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || !local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;
  const top = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && !/^\d+$/.test(top);
}

/** An e-mail cell: `Name <address>` gives its address, as in GoPhish; else the cell as written. */
export function addressOf(cell: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(cell);
  return (angle ? angle[1]! : cell).trim();
}

/** An address as stored: `Name <…>` taken apart and lower-cased; null when it is none. */
export const mailAddressSchema = z.preprocess(
  (value) => (typeof value === 'string' ? emptyToNull(addressOf(value)) : null),
  z
    .string()
    .refine(isMailAddress, 'invalid email address')
    .transform((address) => address.toLowerCase())
    .nullable(),
);

export const recipientCsvRowSchema = z.object({
  email: mailAddressSchema,
  person_id: z.preprocess(
    emptyToNull,
    z.string().max(200, 'person_id longer than 200 characters').nullable(),
  ),
  first_name: z.preprocess(
    emptyToNull,
    z.string().max(100, 'first_name longer than 100 characters').nullable(),
  ),
  last_name: z.preprocess(
    emptyToNull,
    z.string().max(100, 'last_name longer than 100 characters').nullable(),
  ),
  department: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToNull(value.trim()) : null),
    z.string().max(200, 'department longer than 200 characters').nullable(),
  ),
  // Written by people: "DE", "German" and "Deutsch" all mean de; anything else is echoed back.
  language_code: z.preprocess(
    (value) =>
      typeof value === 'string' ? emptyToNull((languageFromName(value) ?? value).toLowerCase()) : null,
    z.enum(LANGUAGE_CODES, { error: 'unknown language code' }).nullable(),
  ),
  // The person's IANA zone (Europe/Berlin): automations send within their working hours in it.
  time_zone: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToNull(value.trim()) : null),
    z
      .string()
      .refine(isTimeZone, 'unknown time zone, e.g. Europe/Berlin or America/New_York')
      .transform(canonicalTimeZone)
      .nullable(),
  ),
  sent_at: z.preprocess(
    emptyToNull,
    z.iso
      .datetime({ offset: true, error: 'not an ISO 8601 time, e.g. 2026-12-01T09:00:00Z' })
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  ),
});
