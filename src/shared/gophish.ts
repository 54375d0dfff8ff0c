/**
 * Moving from GoPhish (one file per area: see admin-api.ts): GoPhish's own export formats (its
 * API's JSON for a template, a landing page and a group), the POST /api/admin/import/gophish body
 * that carries them (`hookwise import gophish` reads the same from files), and the answer with
 * its report of what was mapped, dropped or needs the operator's attention.
 */
import { z } from 'zod';
import { campaignSummarySchema } from './admin-api';

export const gophishTemplateSchema = z.object({
  name: z.string().max(200).default('GoPhish template'),
  subject: z.string().max(300).default(''),
  text: z.string().max(20_000).default(''),
  html: z.string().max(500_000).default(''),
  envelope_sender: z.string().max(200).default(''),
  attachments: z
    .array(z.object({ name: z.string().default('attachment') }).loose())
    .nullable()
    .default([]),
});
export type GophishTemplate = z.infer<typeof gophishTemplateSchema>;

export const gophishPageSchema = z.object({
  name: z.string().max(200).default('GoPhish page'),
  html: z.string().max(500_000).default(''),
  capture_credentials: z.boolean().default(false),
  capture_passwords: z.boolean().default(false),
  redirect_url: z.string().max(2048).default(''),
});
export type GophishPage = z.infer<typeof gophishPageSchema>;

export const gophishTargetSchema = z.object({
  email: z.string().default(''),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  position: z.string().default(''),
});

export const gophishGroupSchema = z.object({
  name: z.string().default('GoPhish group'),
  targets: z.array(gophishTargetSchema).max(100_000),
});
export type GophishGroup = z.infer<typeof gophishGroupSchema>;

export const gophishImportSchema = z.object({
  template: gophishTemplateSchema.describe("a template as GoPhish's API gives it (GET /api/templates/:id)"),
  page: gophishPageSchema.optional().describe('a landing page (GET /api/pages/:id)'),
  group: gophishGroupSchema.optional().describe('a group with its targets (GET /api/groups/:id)'),
  group_csv: z
    .string()
    .max(5_000_000)
    .optional()
    .describe('or the group as GoPhish CSV: First Name, Last Name, Email, Position'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("the campaign's name (default: the template's)"),
  from: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("the email's From (default: the envelope sender)"),
});
export type GophishImport = z.infer<typeof gophishImportSchema>;
export type GophishImportInput = z.input<typeof gophishImportSchema>;

export const gophishImportReportSchema = z.object({
  mapped: z.array(z.string()),
  dropped: z.array(z.string()),
  attention: z.array(z.string()),
});
export type GophishImportReport = z.infer<typeof gophishImportReportSchema>;

/** The answer, and `hookwise import gophish --json`: the draft campaign, its recipients, the report. */
export const gophishImportResultSchema = z.object({
  campaign: campaignSummarySchema,
  recipients: z.number().int(),
  report: gophishImportReportSchema,
});
export type GophishImportResult = z.infer<typeof gophishImportResultSchema>;
