/**
 * Moving from GoPhish: its template, landing page and group become a draft campaign with its
 * recipients, and a report lists every item mapped, dropped or needing attention. The REST API,
 * the console and `hookwise import gophish` call this.
 */
import { z } from 'zod';
import { campaignFileSchema } from '@shared/campaign';
import { badRequest } from '@server/lib/errors';
import { importCampaign, requireCampaign, summaryOf } from '../campaigns/campaigns.service';
import { addRecipients } from '../recipients/recipients.service';
import {
  convertGophish,
  gophishGroupFromCsv,
  gophishGroupSchema,
  gophishPageSchema,
  gophishTemplateSchema,
  importReportSchema,
} from './gophish-convert';
import type { Db } from '@server/db/schema';

export { importReportSchema };

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

export async function importFromGophish(db: Db, tenantId: string, input: GophishImport) {
  if (input.group && input.group_csv) throw badRequest('Give group or group_csv, not both', 'invalid_import');
  const group =
    input.group ?? (input.group_csv === undefined ? undefined : gophishGroupFromCsv(input.group_csv));
  const { file, recipients, report } = convertGophish(
    { template: input.template, page: input.page, group },
    { ...(input.name ? { name: input.name } : {}), ...(input.from ? { from: input.from } : {}) },
  );
  const parsed = campaignFileSchema.safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `${issue?.path.join('.') ?? 'campaign'}: ${issue?.message ?? 'invalid'}`,
      'invalid_import',
    );
  }
  // A draft: the operator reviews the email and the page, then launches and sends.
  const imported = await importCampaign(db, tenantId, parsed.data, { draft: true });
  const campaign = await requireCampaign(db, tenantId, imported.id);
  await db.transaction().execute((trx) => addRecipients(trx, campaign, recipients));
  return { campaign: await summaryOf(db, tenantId, campaign.id), recipients: recipients.length, report };
}
