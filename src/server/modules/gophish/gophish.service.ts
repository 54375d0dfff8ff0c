/**
 * Moving from GoPhish: its templates and landing pages become draft campaigns (one template and
 * one page given together: one campaign; otherwise one each), every campaign gets the groups'
 * recipients, its sending profiles become Hookwise's, and a report lists every item mapped,
 * dropped or needing attention. The REST API, the console and `hookwise import gophish` call this.
 */
import { campaignFileSchema } from '@shared/campaign';
import type {
  GophishImport,
  GophishImportReport,
  GophishImportResult,
  GophishLibraryObject,
} from '@shared/gophish-import';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { AppError, badRequest } from '@server/lib/errors';
import { audited } from '../audit/audited';
import {
  createCampaignIn,
  createFinishedImportIn,
  requireCampaign,
  summaryOf,
} from '../campaigns/campaigns.service';
import { addImportedRecipients, addRecipients } from '../recipients/recipients.service';
import { recordImportedSteps } from '../journey/journey-steps.service';
import { newRowId, nowIso } from '@server/lib/ids';
import type { ImportedTimeline } from '@shared/gophish-campaign';
import { importedCampaignOf, type ImportedCampaignPlan } from './gophish-campaign';
import { findImportedCampaign, insertImportedTimeline, listImportedTimeline } from './gophish.repository';
import { createProfile, sendingProfiles } from '../sending/sending-profiles.service';
import { keepGophishNames } from '../gophish-api/gophish-campaigns.service';
import { bringLandingPagesHome } from './gophish-assets';
import { storeAssets } from '../page-assets/page-assets.service';
import { convertGophish, type GophishPair } from './gophish-convert';
import { gophishGroupFromCsv, recipientsOf } from './gophish-group';
import { importGapiPage, importGapiTemplate, type LibraryOutcome } from '../gophish-api/gophish-api.service';
import { importGapiGroup } from '../gophish-api/gophish-objects.service';
import { at, emptyReport, note, notice } from './gophish-report';
import { sendingProfileOf } from './gophish-smtp';
import { gophishRefusal } from '@shared/gophish-refusal';

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
  // GoPhish sends from the profile's address when a template names none: the file's profile stands in.
  const profileFrom = input.smtp?.find((smtp) => smtp.from_address.trim())?.from_address.trim();
  // A name given for the import names its one campaign; several keep their own names.
  const name = pairs.length === 1 ? input.name : undefined;
  const files = pairs.map((pair) => {
    const parsed = campaignFileSchema.safeParse(
      convertGophish(pair, report, { name, from: input.from, fallbackFrom: profileFrom }),
    );
    if (parsed.success) return parsed.data;
    // Named as the operator gave it: the template, else the page given alone.
    const [field, item] = pair.template ? ['template', pair.template] : ['page', pair.page];
    throw badRequest(
      `Invalid ${field}: ${gophishRefusal(item?.name, parsed.error.issues[0])}`,
      'invalid_import',
    );
  });
  // Fetched before the transaction opens: a slow site holds no lock.
  const assets = await bringLandingPagesHome(config, input, pairs, files, report);
  const profiles = (input.smtp ?? []).flatMap((smtp) => sendingProfileOf(smtp, report) ?? []);
  const finished = planFinished(input, report);
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
    // Run again, an import keeps what the first run made: a profile by name, a campaign by name and launch.
    const taken = new Set((await sendingProfiles(trx, tenantId)).map((p) => p.name));
    const made = [];
    for (const profile of profiles) {
      if (taken.has(profile.name)) {
        notice(report, 'library_smtp_kept', profile.name);
        continue;
      }
      taken.add(profile.name);
      made.push(await createProfile(trx, config, tenantId, profile));
    }
    const imported = [];
    for (const plan of finished) {
      if (await findImportedCampaign(trx, tenantId, 'gophish', plan.file.name, plan.launched_at)) {
        notice(report, 'campaign_kept', plan.file.name);
        continue;
      }
      imported.push({ id: await importFinished(trx, tenantId, plan), plan });
    }
    const library = await storeInLibrary(trx, tenantId, input, report);
    return { ids, profiles: made, imported, library };
  });
  return {
    campaigns: await Promise.all(
      made.ids.map(async (id) => ({
        campaign: await summaryOf(db, tenantId, id),
        recipients: recipients.length,
      })),
    ),
    sending_profiles: made.profiles.map(({ id, name: profileName }) => ({ id, name: profileName })),
    imported_campaigns: await Promise.all(
      made.imported.map(async ({ id, plan }) => ({
        campaign: await summaryOf(db, tenantId, id),
        recipients: plan.recipients.length,
        timeline: plan.counts,
      })),
    ),
    library: made.library,
    report,
  };
}

const LIBRARY_LIST = { template: '/api/templates/', page: '/api/pages/', group: '/api/groups/' } as const;
/** Why the library refused an object, for the console: its API's checks, before anything was written. */
const REFUSED = {
  template: 'library_no_content',
  page: 'library_no_name',
  group: 'library_no_members',
} as const;

/**
 * Each template, landing page and group (JSON) also becomes a library object, stored by the
 * GoPhish-compatible API's own service as its POST stores one, so the API lists it and a
 * campaign can name it. A name the library has already keeps its object (said under "needs
 * attention"); one the API would refuse (a template with no content, a group with no valid
 * address) is said there too, and the rest of the import goes on.
 */
async function storeInLibrary(
  trx: Db,
  tenantId: string,
  input: GophishImport,
  report: GophishImportReport,
): Promise<GophishLibraryObject[]> {
  const stored: GophishLibraryObject[] = [];
  const store = async (
    kind: GophishLibraryObject['kind'],
    name: string,
    save: () => Promise<LibraryOutcome>,
  ) => {
    let outcome: LibraryOutcome;
    try {
      outcome = await save();
    } catch (error) {
      // Refused by the API's checks, before anything was written: said, and the import goes on.
      if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
      const where = at(kind, name);
      const code = name.trim() ? REFUSED[kind] : 'library_no_name';
      note(report, 'attention', code, where, `${where.text}: not added to the library: ${error.message}`);
      return;
    }
    stored.push({ kind, id: outcome.id, name: name.trim(), created: outcome.created });
    if (outcome.created) {
      const where = at(kind, name.trim());
      const list = LIBRARY_LIST[kind];
      const said = `${where.text}: library object ${outcome.id} (${list})`;
      note(report, 'mapped', 'library_added', where, said, { id: outcome.id, list });
    } else {
      notice(report, `library_${kind}_kept`, name.trim());
    }
  };
  for (const template of input.template ?? []) {
    await store('template', template.name, () => importGapiTemplate(trx, tenantId, template));
  }
  for (const page of input.page ?? []) {
    await store('page', page.name, () => importGapiPage(trx, tenantId, page));
  }
  for (const group of input.group ?? []) {
    await store('group', group.name, () => importGapiGroup(trx, tenantId, group));
  }
  return stored;
}

/** Each GoPhish campaign's finished campaign, checked whole before anything is stored. */
function planFinished(input: GophishImport, report: GophishImportResult['report']) {
  const now = nowIso();
  return (input.campaign ?? []).map((campaign) => {
    const plan = importedCampaignOf(campaign, report, now);
    const parsed = campaignFileSchema.safeParse(plan.file);
    if (parsed.success) return { ...plan, file: parsed.data };
    throw badRequest(
      `Invalid campaign: ${gophishRefusal(campaign.name, parsed.error.issues[0])}`,
      'invalid_import',
    );
  });
}

type PlannedFinished = ReturnType<typeof planFinished>[number];

/**
 * A GoPhish campaign with its results as a finished campaign, its recipients with what they did,
 * their steps as events and the whole timeline, in one audited change.
 */
async function importFinished(trx: Db, tenantId: string, plan: PlannedFinished & ImportedCampaignPlan) {
  const audit = {
    tenantId,
    action: 'campaign.import_gophish',
    target: (id: string) => id,
    details: { with_results: true, recipients: plan.recipients.length, timeline: plan.counts },
  };
  return audited<string>(trx, audit, async (inner) => {
    const id = await createFinishedImportIn(inner, tenantId, plan.file, {
      from: 'gophish',
      launched_at: plan.launched_at,
      ended_at: plan.ended_at,
    });
    const campaign = { id, tenant_id: tenantId };
    await keepGophishNames(inner, tenantId, id, plan.gophish);
    const rows = await addImportedRecipients(inner, campaign, plan.recipients);
    const at = (i: number) => ({ tenant_id: tenantId, campaign_id: id, recipient_id: rows[i]?.id ?? '' });
    await recordImportedSteps(
      inner,
      plan.recipients.flatMap((recipient, i) => recipient.steps.map((step) => ({ ...at(i), ...step }))),
    );
    await insertImportedTimeline(
      inner,
      plan.recipients.flatMap((recipient, i) =>
        recipient.timeline.map((entry) => ({ id: newRowId(), ...at(i), kind: entry.kind, at: entry.at })),
      ),
    );
    return id;
  });
}

/** An imported campaign's timeline as the other tool recorded it; none for Hookwise's own. */
export async function importedTimeline(
  db: Db,
  tenantId: string,
  campaignId: string,
): Promise<ImportedTimeline> {
  const campaign = await requireCampaign(db, tenantId, campaignId);
  if (campaign.imported_from === null) return { imported_from: null, timeline: [] };
  const rows = await listImportedTimeline(db, tenantId, campaign.id);
  return {
    imported_from: campaign.imported_from,
    timeline: rows.map((row) => ({ email: row.email ?? null, kind: row.kind, at: row.at })),
  };
}
