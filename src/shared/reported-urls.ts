/**
 * A reported URL as `GET /api/admin/reports` answers it: one schema for the server's response
 * serializer and the console's reader.
 */
import { z } from 'zod';
import { STORED_DECISIONS } from './poll';

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
