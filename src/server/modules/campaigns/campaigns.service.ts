/** Campaign operations shared by the REST API and the CLI: import, list, export, dates, end. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LANGUAGE_CODES } from '../../../shared/languages';
import { campaignFileSchema, type CampaignFile } from '../../../shared/campaign';
import type { Campaign, Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { requireTenant } from '../tenants/tenants.service';
import {
  findCampaign,
  insertCampaign,
  listCampaigns,
  markCampaignEnded,
  updateCampaignDates,
} from './campaigns.repository';

export const campaignSummarySchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  language_code: z.enum(LANGUAGE_CODES),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  recipients: z.number().int(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const importedCampaignSchema = campaignSummarySchema.extend({
  warnings: z
    .array(z.string())
    .describe('why the campaign is not running now (starts later, already over); empty when it is'),
});
export type ImportedCampaign = z.infer<typeof importedCampaignSchema>;

export const campaignDatesSchema = z
  .object({
    starts_at: z.iso.datetime().nullable().optional(),
    ends_at: z.iso.datetime().nullable().optional(),
  })
  .refine((d) => d.starts_at !== undefined || d.ends_at !== undefined, 'give starts_at and/or ends_at');

/** A campaign of this tenant, or a 404 that does not say whether it exists elsewhere. */
export async function requireCampaign(db: Kysely<Database>, tenantId: string | undefined, id: string) {
  const campaign = await findCampaign(db, tenantId, id);
  if (!campaign) throw notFound();
  return campaign;
}

/** `tenantId` undefined lists every tenant's campaigns (the CLI); the REST API always passes one. */
export function campaignSummaries(db: Kysely<Database>, tenantId: string | undefined) {
  return listCampaigns(db, { tenantId });
}

/** By id alone, for the CLI (whole database): undefined when there is no such campaign. */
export function findCampaignById(db: Kysely<Database>, id: string) {
  return findCampaign(db, undefined, id);
}

export async function importCampaign(
  db: Kysely<Database>,
  tenantId: string,
  file: CampaignFile,
): Promise<ImportedCampaign> {
  await requireTenant(db, tenantId);
  checkOrder(file.starts_at ?? null, file.ends_at ?? null);
  const id = await insertCampaign(db, tenantId, file);
  const summary = await summaryOf(db, tenantId, id);
  return { ...summary, warnings: scheduleWarnings(summary) };
}

/**
 * Why a campaign's links would not work right now: a recipient of a campaign that has not
 * started or is over sees only "not available". Imported anyway (scheduling ahead is normal),
 * but the operator is told at once instead of finding out from a recipient.
 */
export function scheduleWarnings(
  campaign: Pick<CampaignSummary, 'starts_at' | 'ends_at' | 'ended_at'>,
  now = Date.now(),
): string[] {
  const notAvailable = 'its links show "not available"';
  if (campaign.ended_at) return [`The campaign was ended at ${campaign.ended_at}: ${notAvailable}`];
  const warnings: string[] = [];
  if (campaign.starts_at && Date.parse(campaign.starts_at) > now) {
    warnings.push(`The campaign starts at ${campaign.starts_at}, in the future: until then ${notAvailable}`);
  }
  if (campaign.ends_at && Date.parse(campaign.ends_at) <= now) {
    warnings.push(`The campaign ended at ${campaign.ends_at}, in the past: ${notAvailable}`);
  }
  return warnings;
}

export async function summaryOf(db: Kysely<Database>, tenantId: string | undefined, id: string) {
  const [summary] = await listCampaigns(db, { tenantId, id });
  if (!summary) throw notFound();
  return summary;
}

/** The campaign file as imported, with the dates as they are now (they may have been changed). */
export function exportCampaign(campaign: Campaign): CampaignFile {
  const file = campaignFileSchema.parse(JSON.parse(campaign.content));
  // Undefined (not null) when unset: JSON output then leaves the field out, as in the file.
  return { ...file, starts_at: campaign.starts_at ?? undefined, ends_at: campaign.ends_at ?? undefined };
}

export async function setCampaignDates(
  db: Kysely<Database>,
  campaign: Campaign,
  dates: z.infer<typeof campaignDatesSchema>,
) {
  const next = {
    starts_at: dates.starts_at === undefined ? campaign.starts_at : dates.starts_at,
    ends_at: dates.ends_at === undefined ? campaign.ends_at : dates.ends_at,
  };
  checkOrder(next.starts_at, next.ends_at);
  await updateCampaignDates(db, campaign.tenant_id, campaign.id, next);
  return summaryOf(db, campaign.tenant_id, campaign.id);
}

export async function endCampaign(db: Kysely<Database>, campaign: Campaign) {
  await markCampaignEnded(db, campaign.tenant_id, campaign.id, nowIso());
  return summaryOf(db, campaign.tenant_id, campaign.id);
}

function checkOrder(startsAt: string | null, endsAt: string | null): void {
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
    throw badRequest('ends_at must be after starts_at', 'invalid_dates');
  }
}
