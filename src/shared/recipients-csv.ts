/**
 * The recipients CSV (POST /api/admin/campaigns/:id/recipients, `hookwise recipients import`),
 * one row as read from it: empty cells are none, an email is lower-cased, a language is one of
 * ours (given by code, English name or its own name), sent_at an ISO 8601 time (one file per
 * area: see admin-api.ts; the row-by-row answer is admin-api.ts's importReportSchema). Each error message is the reason a rejected row shows.
 */
import { z } from 'zod';
import { LANGUAGE_CODES, languageFromName } from './languages';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export const recipientCsvRowSchema = z.object({
  email: z.preprocess(emptyToNull, z.email('invalid email address').max(320).toLowerCase().nullable()),
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
  sent_at: z.preprocess(
    emptyToNull,
    z.iso
      .datetime({ offset: true, error: 'not an ISO 8601 time, e.g. 2026-12-01T09:00:00Z' })
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  ),
});
