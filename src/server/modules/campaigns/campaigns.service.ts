/**
 * Campaign operations shared by the REST API, the console and the CLI: import, list, export,
 * edit, duplicate, launch, dates, end. A campaign made through the console starts as a draft
 * (its links are the plain 404) and goes live when launched; the API and CLI import live
 * campaigns unless asked for a draft.
 */
import {
  campaignStatus,
  type CampaignDates,
  type CampaignLanguages,
  type CampaignSummary,
  type ImportedCampaign,
  type LanguageCoverage,
} from '@shared/admin-api';
import type { LaunchAnswer, LaunchRequest } from '@shared/sending';
import type { ImportedFrom } from '@shared/gophish-campaign';
import type { Config } from '@server/config';
import { storedCampaignFileSchema, type CampaignFile } from '@shared/campaign';
import { translationCompleteness } from '@shared/campaign-content';
import { isLanguageCode } from '@shared/languages';
import type { Campaign, Db } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { requireProfile } from '../sending/sending-profiles.service';
import { queueSending, sendingProgress } from '../sending/sending.service';
import { audited } from '../audit/audited';
import { emitEvent } from '../webhooks/webhooks.service';
import { requireTenant } from '../tenants/tenants.service';
import {
  findCampaign,
  insertCampaign,
  insertTrainingCampaign,
  listCampaigns,
  markCampaignEnded,
  markCampaignLaunched,
  recipientLanguageCounts,
  updateCampaignContent,
  updateCampaignDates,
} from './campaigns.repository';
import { isTimeZone } from '@shared/time-zone';

/** A campaign of this tenant, or a 404 that does not say whether it exists elsewhere. */
export async function requireCampaign(db: Db, tenantId: string | undefined, id: string) {
  const campaign = await findCampaign(db, tenantId, id);
  if (!campaign) throw notFound();
  return campaign;
}

/** `tenantId` undefined lists every tenant's campaigns (the CLI); the REST API always passes one. */
export async function campaignSummaries(db: Db, tenantId: string | undefined): Promise<CampaignSummary[]> {
  return (await listCampaigns(db, { tenantId })).map(withStatus);
}

function withStatus<T extends Parameters<typeof campaignStatus>[0]>(row: T) {
  return { ...row, status: campaignStatus(row) };
}

/** By id alone, for the CLI (whole database): undefined when there is no such campaign. */
export function findCampaignById(db: Db, id: string) {
  return findCampaign(db, undefined, id);
}

export async function importCampaign(
  db: Db,
  tenantId: string,
  file: CampaignFile,
  options: { draft?: boolean } = {},
): Promise<ImportedCampaign> {
  const id = await audited<string>(db, { tenantId, action: 'campaign.create', target: (id) => id }, (trx) =>
    createCampaignIn(trx, tenantId, file, options),
  );
  const summary = await summaryOf(db, tenantId, id);
  return { ...summary, warnings: scheduleWarnings(summary) };
}

/** A new campaign inside the caller's transaction (an import that also adds its recipients); its id. */
export async function createCampaignIn(
  trx: Db,
  tenantId: string,
  file: CampaignFile,
  options: { draft?: boolean } = {},
): Promise<string> {
  await requireTenant(trx, tenantId);
  checkOrder(file.starts_at ?? null, file.ends_at ?? null);
  const id = await insertCampaign(trx, tenantId, file, { launched_at: options.draft ? null : nowIso() });
  // Not a draft: it runs as imported, which is its launch.
  if (!options.draft) {
    await emitEvent(trx, {
      tenantId,
      type: 'campaign.launched',
      campaignId: id,
      data: { starts_at: file.starts_at ?? null, ends_at: file.ends_at ?? null, sending: false },
    });
  }
  return id;
}

/**
 * A finished campaign brought in with its results from another tool, inside the caller's
 * transaction: launched and ended at the other tool's dates, so it is never launched, edited,
 * given recipients or sent again (each of those refuses an ended campaign). Its id.
 */
export async function createFinishedImportIn(
  trx: Db,
  tenantId: string,
  file: CampaignFile,
  imported: { from: ImportedFrom; launched_at: string; ended_at: string },
): Promise<string> {
  await requireTenant(trx, tenantId);
  return insertCampaign(trx, tenantId, file, {
    launched_at: imported.launched_at,
    ended_at: imported.ended_at,
    imported_from: imported.from,
  });
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

export async function summaryOf(db: Db, tenantId: string | undefined, id: string): Promise<CampaignSummary> {
  const [summary] = await listCampaigns(db, { tenantId, id });
  if (!summary) throw notFound();
  return withStatus(summary);
}

/** A new campaign file for a campaign that has not ended (its dates stay the campaign's own). */
export async function editCampaign(db: Db, campaign: Campaign, file: CampaignFile) {
  if (campaignStatus(campaign) === 'ended') throw conflict('The campaign has ended', 'campaign_ended');
  const dated = {
    ...file,
    starts_at: campaign.starts_at ?? undefined,
    ends_at: campaign.ends_at ?? undefined,
  };
  await audited(db, auditOf(campaign, 'campaign.edit'), (trx) =>
    updateCampaignContent(trx, campaign.tenant_id, campaign.id, dated),
  );
  return summaryOf(db, campaign.tenant_id, campaign.id);
}

/**
 * "Import a site": the page becomes the campaign's landing page (`phishing.template_html`), in
 * the caller's transaction with whatever else it stores (the page's assets), audited as an edit.
 */
export async function setLandingPage(
  db: Db,
  campaign: Campaign,
  html: string,
  details: { import_site: string },
  alongside: (trx: Db) => Promise<void>,
) {
  if (campaignStatus(campaign) === 'ended') throw conflict('The campaign has ended', 'campaign_ended');
  const file = storedCampaignFileSchema.parse(JSON.parse(campaign.content));
  const next = { ...file, phishing: { ...file.phishing, template_html: html } };
  await audited(db, { ...auditOf(campaign, 'campaign.edit'), details }, async (trx) => {
    await alongside(trx);
    await updateCampaignContent(trx, campaign.tenant_id, campaign.id, next);
  });
  return summaryOf(db, campaign.tenant_id, campaign.id);
}

/** A draft copy of a campaign (content and languages; no recipients, no dates). */
export async function duplicateCampaign(db: Db, campaign: Campaign) {
  const file = storedCampaignFileSchema.parse(JSON.parse(campaign.content));
  const copy = {
    ...file,
    name: `${file.name} (copy)`.slice(0, 200),
    starts_at: undefined,
    ends_at: undefined,
  };
  // Recorded against the original, as the console words it ("duplicated the campaign X").
  const id = await audited(db, auditOf(campaign, 'campaign.duplicate'), (trx) =>
    insertCampaign(trx, campaign.tenant_id, copy, { launched_at: null }),
  );
  return summaryOf(db, campaign.tenant_id, id);
}

/**
 * Launches a draft: it runs at once, or from `starts_at`, and with `sending` starts sending in
 * the same step (without it no e-mail goes out: the operator sends the links). The answer lists
 * the recipients' languages that lack some of the campaign's text (their recipients see the
 * default language there), so the console can have warned before and the API caller still learns it.
 */
export async function launchCampaign(
  db: Db,
  config: Config,
  campaign: Campaign,
  launch: LaunchRequest,
): Promise<LaunchAnswer> {
  const startsAt = launch.starts_at === undefined ? campaign.starts_at : launch.starts_at;
  const endsAt = launch.ends_at === undefined ? campaign.ends_at : launch.ends_at;
  checkOrder(startsAt, endsAt);
  const timeZone = launch.time_zone ?? campaign.time_zone;
  if (!isTimeZone(timeZone)) throw badRequest(`Unknown time zone ${timeZone}`, 'invalid_dates');
  if (launch.sending) {
    // Checked before the launch, so a launch that cannot send does not happen half-way.
    if (!storedCampaignFileSchema.parse(JSON.parse(campaign.content)).email) {
      throw conflict('The campaign file has no email to send', 'campaign_has_no_email');
    }
    await requireProfile(db, campaign.tenant_id, launch.sending.profile_id);
  }
  // The launch and its sending are one change: both happen, with their audit row, or neither.
  await audited(db, auditOf(campaign, 'campaign.launch'), async (trx) => {
    const launched = await markCampaignLaunched(trx, campaign.tenant_id, campaign.id, {
      launched_at: nowIso(),
      starts_at: startsAt,
      ends_at: endsAt,
      time_zone: timeZone,
    });
    if (!launched) throw conflict('Only a draft can be launched', 'campaign_not_draft');
    await emitEvent(trx, {
      tenantId: campaign.tenant_id,
      type: 'campaign.launched',
      campaignId: campaign.id,
      data: { starts_at: startsAt, ends_at: endsAt, sending: Boolean(launch.sending) },
    });
    if (!launch.sending) return;
    const live = await requireCampaign(trx, campaign.tenant_id, campaign.id);
    await queueSending(trx, config, live, { time_zone: timeZone, ...launch.sending });
  });
  const languages = await languageCoverage(db, campaign);
  const live = await requireCampaign(db, campaign.tenant_id, campaign.id);
  const sending = launch.sending ? await sendingProgress(db, live) : null;
  return {
    campaign: await summaryOf(db, campaign.tenant_id, campaign.id),
    warnings: languages.languages.filter((l) => l.translated < l.total),
    sending,
  };
}

/** The recipients' languages, and how much of the campaign's text each has. */
export async function languageCoverage(db: Db, campaign: Campaign): Promise<CampaignLanguages> {
  const file = storedCampaignFileSchema.parse(JSON.parse(campaign.content));
  const counts = new Map<string, number>();
  for (const row of await recipientLanguageCounts(db, campaign.id)) {
    // A recipient without a language gets the campaign's default.
    const language = isLanguageCode(row.language_code) ? row.language_code : file.language_code;
    counts.set(language, (counts.get(language) ?? 0) + Number(row.n));
  }
  const languages: LanguageCoverage[] = [...counts].map(([language, recipients]) => {
    const coverage = translationCompleteness(file, isLanguageCode(language) ? language : file.language_code);
    return {
      language: coverage.language,
      recipients,
      translated: coverage.translated,
      total: coverage.total,
    };
  });
  return {
    default_language: file.language_code,
    languages: languages.sort((a, b) => b.recipients - a.recipients || a.language.localeCompare(b.language)),
  };
}

/** The campaign file as imported, with the dates as they are now (they may have been changed). */
export function exportCampaign(campaign: Campaign): CampaignFile {
  const file = storedCampaignFileSchema.parse(JSON.parse(campaign.content));
  // Undefined (not null) when unset: JSON output then leaves the field out, as in the file.
  return { ...file, starts_at: campaign.starts_at ?? undefined, ends_at: campaign.ends_at ?? undefined };
}

export async function setCampaignDates(db: Db, campaign: Campaign, dates: CampaignDates) {
  const next = {
    starts_at: dates.starts_at === undefined ? campaign.starts_at : dates.starts_at,
    ends_at: dates.ends_at === undefined ? campaign.ends_at : dates.ends_at,
  };
  checkOrder(next.starts_at, next.ends_at);
  await audited(db, auditOf(campaign, 'campaign.dates'), (trx) =>
    updateCampaignDates(trx, campaign.tenant_id, campaign.id, next),
  );
  return summaryOf(db, campaign.tenant_id, campaign.id);
}

export async function endCampaign(db: Db, campaign: Campaign) {
  await audited(db, auditOf(campaign, 'campaign.end'), async (trx) => {
    const at = nowIso();
    if (!(await markCampaignEnded(trx, campaign.tenant_id, campaign.id, at))) return;
    await emitEvent(trx, {
      tenantId: campaign.tenant_id,
      type: 'campaign.ended',
      campaignId: campaign.id,
      data: { ended_at: at },
    });
  });
  return summaryOf(db, campaign.tenant_id, campaign.id);
}

function auditOf(campaign: Campaign, action: string) {
  return { tenantId: campaign.tenant_id, action, target: campaign.id };
}

function checkOrder(startsAt: string | null, endsAt: string | null): void {
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
    throw badRequest('ends_at must be after starts_at', 'invalid_dates');
  }
}

/**
 * The training made from a simulation (made on first use, inside the caller's transaction): its
 * awareness text, PDF, red flags and questionnaire in all its languages, live at once and never
 * ending, and listed with no campaigns. Its links open the journey at its first step after the
 * phishing page, which a training never shows.
 */
export async function trainingCampaignFor(trx: Db, source: Campaign): Promise<Campaign> {
  const file = storedCampaignFileSchema.parse(JSON.parse(source.content));
  const training: CampaignFile = {
    ...file,
    starts_at: undefined,
    ends_at: undefined,
    navigation: file.navigation.length > 0 ? file.navigation : ['awareness'],
  };
  return insertTrainingCampaign(trx, source, training, nowIso());
}
