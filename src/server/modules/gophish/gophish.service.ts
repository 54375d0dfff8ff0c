/**
 * Moving from GoPhish: its template, landing page and group become a draft campaign with its
 * recipients, and a report lists every item mapped, dropped or needing attention. The REST API,
 * the console and `hookwise import gophish` call this.
 */
import { campaignFileSchema } from '@shared/campaign';
import type { GophishImport, GophishImportResult } from '@shared/gophish';
import { badRequest } from '@server/lib/errors';
import { audited } from '../audit/audited';
import { createCampaignIn, requireCampaign, summaryOf } from '../campaigns/campaigns.service';
import { addRecipients } from '../recipients/recipients.service';
import { convertGophish, gophishGroupFromCsv } from './gophish-convert';
import type { Db } from '@server/db/schema';

export async function importFromGophish(
  db: Db,
  tenantId: string,
  input: GophishImport,
): Promise<GophishImportResult> {
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
  const audit = { tenantId, action: 'campaign.import_gophish', target: (id: string) => id };
  const id = await audited<string>(db, audit, async (trx) => {
    const created = await createCampaignIn(trx, tenantId, parsed.data, { draft: true });
    await addRecipients(trx, await requireCampaign(trx, tenantId, created), recipients);
    return created;
  });
  return { campaign: await summaryOf(db, tenantId, id), recipients: recipients.length, report };
}
