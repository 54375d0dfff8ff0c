/**
 * Reported URLs (/api/admin/reports, `hookwise reports … --json`): the intake and its answer, and
 * a reported URL as the list gives it, for the server's serializer and the console's reader (one
 * file per area: see admin-api.ts).
 */
import { z } from 'zod';
import { queryFlag } from './admin-api';
import { STORED_DECISIONS } from './poll';

/** POST /api/admin/reports, `hookwise reports add`. */
export const reportUrlsSchema = z.object({
  urls: z.array(z.string().min(1).max(4096)).min(1).max(1000),
  reporter: z.string().trim().min(1).max(200).optional(),
});
export type ReportUrlsBody = z.infer<typeof reportUrlsSchema>;

export const reportedUrlsAddedSchema = z.object({
  reported: z.array(
    z.object({ id: z.string(), url: z.string(), report_count: z.number().int(), new: z.boolean() }),
  ),
});
export type ReportedUrlsAdded = z.infer<typeof reportedUrlsAddedSchema>;

/** GET /api/admin/reports?pending=true */
export const reportedUrlsQuerySchema = z.object({
  pending: queryFlag.describe('true: only URLs no reviewer decided on'),
});

export const urlReporterSchema = z.object({
  reporter: z.string(),
  report_count: z.number().int(),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});

export const reportedUrlSchema = z.object({
  id: z.string(),
  url: z.string(),
  reporter: z.string().nullable().describe('who reported it first'),
  reporters: z.array(urlReporterSchema).describe('everyone who reported it, first reporter first'),
  report_count: z.number().int(),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  decision: z
    .enum(STORED_DECISIONS)
    .nullable()
    .describe('latest reviewer decision (TP or FP), null while pending'),
  known_malicious: z.boolean(),
});
export type ReportedUrl = z.infer<typeof reportedUrlSchema>;

/** GET /api/admin/reports; `hookwise reports list --json` prints the array. */
export const reportedUrlsSchema = z.object({ reports: z.array(reportedUrlSchema) });
