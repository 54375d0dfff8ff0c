/**
 * Moving from GoPhish: its template, landing page and group become a draft campaign with its
 * recipients, and a report lists every item mapped, dropped or needing attention. The REST API,
 * the console and `hookwise import gophish` call this.
 */
import { campaignFileSchema } from '@shared/campaign';
import type { GophishImport, GophishImportResult } from '@shared/gophish';
import { badRequest } from '@server/lib/errors';
import { importCampaign, requireCampaign, summaryOf } from '../campaigns/campaigns.service';
import { addRecipients } from '../recipients/recipients.service';
import { convertGophish, gophishGroupFromCsv } from './gophish-convert';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';

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
  const imported = await importCampaign(db, tenantId, parsed.data, { draft: true });
  const campaign = await requireCampaign(db, tenantId, imported.id);
  await inTransaction(db, (trx) => addRecipients(trx, campaign, recipients));
  return { campaign: await summaryOf(db, tenantId, campaign.id), recipients: recipients.length, report };
}
