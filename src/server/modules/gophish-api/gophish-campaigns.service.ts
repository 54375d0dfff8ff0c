/**
 * GoPhish's campaigns, made and read through Hookwise's own services: a campaign named after a
 * template, a page, a sending profile and groups becomes a Hookwise campaign (the GoPhish import's
 * conversion of the template and page), its recipients the groups' people, launched with its
 * sending from launch_date, spread until send_by_date. Results, timeline and stats come from the
 * results module (a click is a person's click as the clicks module judges it) and the outbox.
 * "Complete" and DELETE end the campaign: Hookwise keeps a campaign's results.
 */
import { campaignFileSchema } from '@shared/campaign';
import {
  GO_ZERO_TIME,
  type GapiCampaign,
  type GapiCampaignInput,
  type GapiCampaignResults,
  type GapiCampaignSummary,
  type GapiEvent,
} from '@shared/gophish-api';
import { launchRequestSchema } from '@shared/sending';
import type { Config } from '@server/config';
import type { Campaign, Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { badRequest, isNotFound, notFound } from '@server/lib/errors';
import { audited } from '../audit/audited';
import {
  campaignSummaries,
  createCampaignIn,
  endCampaign,
  exportCampaign,
  launchCampaign,
  requireCampaign,
} from '../campaigns/campaigns.service';
import { convertGophish } from '../gophish/gophish-convert';
import { emptyReport } from '../gophish/gophish-report';
import { groupIdNamed, groupWithTargets } from '../people/person-groups.service';
import { addRecipientsFromPeople } from '../recipients/recipients.service';
import { campaignActivity } from '../results/activity.service';
import { eventsOf, importedActivityOf, resultOf, statsOf, type Activity } from './gophish-results';
import { importedTimeline } from '../gophish/gophish.service';
import { sendingProfiles } from '../sending/sending-profiles.service';
import { failedSends } from '../sending/sending.service';
import { findGophishCampaign, insertGophishCampaign } from './gophish-api.repository';
import { byGophishId, gidOf, pageNamed, targetOf, templateNamed } from './gophish-api.service';
import { smtpView } from './gophish-objects.service';

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * What GoPhish called a campaign's template, page and sending profile, and its URL, so this API
 * names them as GoPhish did (an imported campaign's, as its file gave them). In the caller's transaction.
 */
export async function keepGophishNames(
  trx: Db,
  tenantId: string,
  campaignId: string,
  names: { template: string; page: string; smtp: string; url: string },
): Promise<void> {
  await insertGophishCampaign(trx, {
    campaign_id: campaignId,
    tenant_id: tenantId,
    template_name: names.template,
    page_name: names.page,
    smtp_name: names.smtp,
    group_names: '[]',
    url: names.url,
    send_by_date: null,
  });
}

async function requireGapiCampaign(db: Db, tenantId: string, gid: number): Promise<Campaign> {
  const id = await targetOf(db, tenantId, 'campaign', gid, CAMPAIGN_NOT_FOUND);
  return requireCampaign(db, tenantId, id).catch((error: unknown) => {
    throw isNotFound(error) ? notFound(CAMPAIGN_NOT_FOUND) : error;
  });
}

function statusOf(campaign: Campaign, now = Date.now()): GapiCampaign['status'] {
  if (campaign.ended_at) return 'Completed';
  if (!campaign.launched_at) return 'Created';
  if (campaign.starts_at && Date.parse(campaign.starts_at) > now) return 'Queued';
  return 'In progress';
}

async function datesOf(db: Db, campaign: Campaign) {
  const made = await findGophishCampaign(db, campaign.tenant_id, campaign.id);
  return {
    made,
    view: {
      id: await gidOf(db, campaign.tenant_id, 'campaign', campaign.id),
      name: campaign.name,
      // An imported campaign was made in GoPhish, before it launched; Hookwise keeps its launch.
      created_date:
        campaign.imported_from !== null ? (campaign.launched_at ?? campaign.created_at) : campaign.created_at,
      launch_date: campaign.starts_at ?? campaign.launched_at ?? GO_ZERO_TIME,
      send_by_date: made?.send_by_date ?? GO_ZERO_TIME,
      completed_date: campaign.ended_at ?? GO_ZERO_TIME,
      status: statusOf(campaign),
    },
  };
}

async function activityOf(db: Db, campaign: Campaign, launchDate: string): Promise<Activity> {
  const recipients = await campaignActivity(db, campaign);
  // Imported: what GoPhish recorded, as it recorded it (Hookwise judged none of those clicks).
  if (campaign.imported_from !== null) {
    const { timeline } = await importedTimeline(db, campaign.tenant_id, campaign.id);
    return importedActivityOf(recipients, timeline, launchDate);
  }
  const failures = new Map(
    campaign.launched_at
      ? (await failedSends(db, campaign)).map((f) => [f.recipient_id, f.reply ?? 'not sent'])
      : [],
  );
  const results = recipients.map((r) => resultOf(r, failures.has(r.id), launchDate));
  const timeline: GapiEvent[] = [
    { email: '', time: campaign.created_at, message: 'Campaign Created', details: '' },
    ...recipients
      .flatMap((r) => eventsOf(r, failures.get(r.id), launchDate))
      .sort((a, b) => a.time.localeCompare(b.time)),
  ];
  const stats = statsOf(recipients, failures.size);
  return { results, timeline, stats };
}

// Reading.

async function campaignView(db: Db, config: Config, campaign: Campaign, warnings: string[] = []) {
  const { made, view } = await datesOf(db, campaign);
  const { results, timeline } = await activityOf(db, campaign, view.launch_date);
  const file = exportCampaign(campaign);
  const templateName = made?.template_name ?? campaign.name;
  const pageName = made?.page_name ?? campaign.name;
  const template = await templateNamed(db, campaign.tenant_id, templateName);
  const page = await pageNamed(db, campaign.tenant_id, pageName);
  const profile = (await sendingProfiles(db, campaign.tenant_id)).find((p) => p.name === made?.smtp_name);
  const groups = [];
  for (const name of made ? (JSON.parse(made.group_names) as string[]) : []) {
    const id = await groupIdNamed(db, campaign.tenant_id, name);
    const group = id === undefined ? undefined : await groupWithTargets(db, campaign.tenant_id, id);
    if (!group) continue;
    groups.push({
      id: await gidOf(db, campaign.tenant_id, 'group', group.id),
      name: group.name,
      modified_date: group.updated_at,
      targets: group.targets.map(({ department, ...t }) => ({ ...t, position: department })),
    });
  }
  const answer: GapiCampaign = {
    ...view,
    url: made?.url || config.publicUrl,
    // What the campaign sends and shows, as Hookwise holds it (its variables converted).
    template: {
      id: template ? await gidOf(db, campaign.tenant_id, 'template', template.id) : 0,
      name: templateName,
      subject: file.email?.subject ?? '',
      text: file.email?.body ?? '',
      html: file.email?.html ?? '',
      envelope_sender: file.email?.from ?? '',
      modified_date: campaign.created_at,
      attachments: [],
    },
    page: {
      id: page ? await gidOf(db, campaign.tenant_id, 'page', page.id) : 0,
      name: pageName,
      html: file.phishing.template_html ?? '',
      capture_credentials: false,
      capture_passwords: false,
      redirect_url: file.redirect_url ?? '',
      modified_date: campaign.created_at,
    },
    smtp: profile
      ? await smtpView(db, campaign.tenant_id, profile)
      : {
          id: 0,
          interface_type: 'SMTP',
          name: '',
          host: '',
          username: '',
          from_address: '',
          ignore_cert_errors: false,
          headers: [],
          modified_date: GO_ZERO_TIME,
        },
    groups,
    results,
    timeline,
    ...(warnings.length ? { warnings } : {}),
  };
  return answer;
}

async function tenantCampaigns(db: Db, tenantId: string) {
  const rows: Campaign[] = [];
  for (const summary of await campaignSummaries(db, tenantId))
    rows.push(await requireCampaign(db, tenantId, summary.id));
  // GoPhish lists oldest first, by id.
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function gapiCampaigns(db: Db, config: Config, tenantId: string): Promise<GapiCampaign[]> {
  const views = [];
  for (const campaign of await tenantCampaigns(db, tenantId))
    views.push(await campaignView(db, config, campaign));
  return byGophishId(views);
}

export async function gapiCampaign(db: Db, config: Config, tenantId: string, gid: number) {
  return campaignView(db, config, await requireGapiCampaign(db, tenantId, gid));
}

export async function gapiCampaignResults(
  db: Db,
  tenantId: string,
  gid: number,
): Promise<GapiCampaignResults> {
  const campaign = await requireGapiCampaign(db, tenantId, gid);
  const { view } = await datesOf(db, campaign);
  const { results, timeline } = await activityOf(db, campaign, view.launch_date);
  return { id: view.id, name: view.name, status: view.status, results, timeline };
}

async function summaryOf(db: Db, campaign: Campaign): Promise<GapiCampaignSummary> {
  const { view } = await datesOf(db, campaign);
  const { stats } = await activityOf(db, campaign, view.launch_date);
  return { ...view, stats };
}

export async function gapiCampaignSummary(db: Db, tenantId: string, gid: number) {
  return summaryOf(db, await requireGapiCampaign(db, tenantId, gid));
}

export async function gapiCampaignSummaries(db: Db, tenantId: string) {
  const campaigns = [];
  for (const campaign of await tenantCampaigns(db, tenantId)) campaigns.push(await summaryOf(db, campaign));
  return { total: campaigns.length, campaigns: byGophishId(campaigns) };
}

/** GoPhish's "complete": the campaign ends (its links then show "not available", its sending stops). */
export async function completeGapiCampaign(db: Db, tenantId: string, gid: number) {
  await endCampaign(db, await requireGapiCampaign(db, tenantId, gid));
}

// Making one.

function checkCampaign(input: GapiCampaignInput) {
  if (!input.name) throw badRequest('Campaign name not specified');
  if (input.groups.length === 0) throw badRequest('No groups specified');
  if (!input.template?.name) throw badRequest('No template specified');
  if (!input.page?.name) throw badRequest('No landing page specified');
  if (!input.smtp?.name) throw badRequest('No sending profile specified');
  return { template: input.template.name, page: input.page.name, smtp: input.smtp.name };
}

/** When sending starts (now, unless launch_date is ahead) and over how many minutes it spreads. */
function scheduleOf(input: GapiCampaignInput, now = Date.now()) {
  const set = (date: string | undefined) => (date && date !== GO_ZERO_TIME ? Date.parse(date) : undefined);
  const launch = set(input.launch_date);
  const sendBy = set(input.send_by_date);
  const startsAt = launch !== undefined && launch > now ? new Date(launch).toISOString() : undefined;
  if (sendBy === undefined) return { startsAt, sendBy: null, spread: 0 };
  const from = Math.max(launch ?? now, now);
  if (sendBy <= from) throw badRequest('The launch date must be before the "send emails by" date');
  const spread = Math.min(Math.ceil((sendBy - from) / 60_000), 60 * 24 * 30);
  return { startsAt, sendBy: new Date(sendBy).toISOString(), spread };
}

export async function createGapiCampaign(
  db: Db,
  config: Config,
  tenantId: string,
  input: GapiCampaignInput,
): Promise<GapiCampaign> {
  const names = checkCampaign(input);
  const template = await templateNamed(db, tenantId, names.template);
  if (!template) throw badRequest('Template not found');
  const page = await pageNamed(db, tenantId, names.page);
  if (!page) throw badRequest('Page not found');
  const profile = (await sendingProfiles(db, tenantId)).find((p) => p.name === names.smtp);
  if (!profile) throw badRequest('Sending profile not found');
  const groupIds: string[] = [];
  for (const group of input.groups) {
    const id = await groupIdNamed(db, tenantId, group.name);
    if (id === undefined) throw badRequest(`Group ${group.name} does not exist`);
    groupIds.push(id);
  }
  const schedule = scheduleOf(input);
  // The import's one conversion: GoPhish's variables and page rules, with its report.
  const report = emptyReport();
  const converted = convertGophish(
    {
      template: { ...template, attachments: [] },
      page: { ...page, capture_credentials: false, capture_passwords: false },
    },
    report,
    // As GoPhish sends: the template's envelope sender, else the sending profile's From.
    {
      name: input.name,
      ...(template.envelope_sender.trim() ? {} : { from: profile.header_from ?? profile.envelope_from }),
    },
  );
  const parsed = campaignFileSchema.safeParse(converted);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') ?? 'campaign'}: ${issue?.message ?? 'invalid'}`);
  }
  const warnings = [...report.attention, ...report.notices.map((n) => n.text)];
  if (input.url && input.url.replace(/\/+$/, '') !== config.publicUrl) {
    warnings.push(
      `url: recipients' links use Hookwise's public address ${config.publicUrl}, not ${input.url}`,
    );
  }
  const id = await inTransaction(db, async (trx) => {
    const created = await audited<string>(
      trx,
      { tenantId, action: 'campaign.create', target: (made) => made },
      (inner) => createCampaignIn(inner, tenantId, parsed.data, { draft: true }),
    );
    let added = 0;
    for (const groupId of groupIds) {
      const draft = await requireCampaign(trx, tenantId, created);
      added += (await addRecipientsFromPeople(trx, draft, { kind: 'group', group_id: groupId })).added;
    }
    if (added === 0) throw badRequest('No targets specified');
    await insertGophishCampaign(trx, {
      campaign_id: created,
      tenant_id: tenantId,
      template_name: template.name,
      page_name: page.name,
      smtp_name: profile.name,
      group_names: JSON.stringify(input.groups.map((g) => g.name)),
      url: input.url,
      send_by_date: schedule.sendBy,
    });
    const launch = launchRequestSchema.parse({
      ...(schedule.startsAt ? { starts_at: schedule.startsAt } : {}),
      sending: {
        profile_id: profile.id,
        ...(schedule.startsAt ? { starts_at: schedule.startsAt } : {}),
        // A send-by date spreads the messages evenly until then, at whatever pace that takes.
        ...(schedule.spread > 0 ? { spread_minutes: schedule.spread, rate_per_minute: 100_000 } : {}),
      },
    });
    await launchCampaign(trx, config, await requireCampaign(trx, tenantId, created), launch);
    return created;
  });
  return campaignView(db, config, await requireCampaign(db, tenantId, id), warnings);
}
