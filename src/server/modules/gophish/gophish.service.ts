/**
 * Moving from GoPhish: its templates and landing pages become draft campaigns (one template and
 * one page given together: one campaign; otherwise one each), every campaign gets the groups'
 * recipients, its sending profiles become Hookwise's, and a report lists every item mapped,
 * dropped or needing attention. The REST API, the console and `hookwise import gophish` call this.
 */
import { campaignFileSchema } from '@shared/campaign';
import type { GophishImport, GophishImportResult } from '@shared/gophish-import';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { badRequest } from '@server/lib/errors';
import { audited } from '../audit/audited';
import { createCampaignIn, requireCampaign, summaryOf } from '../campaigns/campaigns.service';
import { addRecipients } from '../recipients/recipients.service';
import { createProfile } from '../sending/sending-profiles.service';
import { bringLandingPagesHome } from './gophish-assets';
import { storeAssets } from '../page-assets/page-assets.service';
import { convertGophish, type GophishPair } from './gophish-convert';
import { gophishGroupFromCsv, recipientsOf } from './gophish-group';
import { emptyReport } from './gophish-report';
import { sendingProfileOf } from './gophish-smtp';

/** One template and one page are one campaign; any other mix is a campaign for each. */
function pairsOf(input: GophishImport): GophishPair[] {
  const templates = input.template ?? [];
  const pages = input.page ?? [];
  if (templates.length === 1 && pages.length === 1) return [{ template: templates[0], page: pages[0] }];
  return [...templates.map((template) => ({ template })), ...pages.map((page) => ({ page }))];
}

export async function importFromGophish(
  db: Db,
  config: Config,
  tenantId: string,
  input: GophishImport,
): Promise<GophishImportResult> {
  const report = emptyReport();
  const groups = input.group ?? (input.group_csv === undefined ? [] : [gophishGroupFromCsv(input.group_csv)]);
  const recipients = recipientsOf(groups, report);
  const pairs = pairsOf(input);
  // A name given for the import names its one campaign; several keep their own names.
  const name = pairs.length === 1 ? input.name : undefined;
  const files = pairs.map((pair, index) => {
    const parsed = campaignFileSchema.safeParse(convertGophish(pair, report, { name, from: input.from }));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const which = pairs.length > 1 ? `campaign ${index + 1}: ` : '';
    throw badRequest(
      `${which}${issue?.path.join('.') ?? 'campaign'}: ${issue?.message ?? 'invalid'}`,
      'invalid_import',
    );
  });
  // Fetched before the transaction opens: a slow site holds no lock.
  const assets = await bringLandingPagesHome(config, input, pairs, files, report);
  const profiles = (input.smtp ?? []).flatMap((smtp) => sendingProfileOf(smtp, report) ?? []);
  const made = await inTransaction(db, async (trx) => {
    const ids: string[] = [];
    // A draft: the operator reviews the email and the page, then launches and sends.
    for (const [index, file] of files.entries()) {
      const audit = { tenantId, action: 'campaign.import_gophish', target: (id: string) => id };
      ids.push(
        await audited<string>(trx, audit, async (inner) => {
          const created = await createCampaignIn(inner, tenantId, file, { draft: true });
          await addRecipients(inner, await requireCampaign(inner, tenantId, created), recipients);
          await storeAssets(inner, tenantId, created, assets[index] ?? []);
          return created;
        }),
      );
    }
    const made = [];
    for (const profile of profiles) made.push(await createProfile(trx, config, tenantId, profile));
    return { ids, profiles: made };
  });
  return {
    campaigns: await Promise.all(
      made.ids.map(async (id) => ({
        campaign: await summaryOf(db, tenantId, id),
        recipients: recipients.length,
      })),
    ),
    sending_profiles: made.profiles.map(({ id, name: profileName }) => ({ id, name: profileName })),
    report,
  };
}
