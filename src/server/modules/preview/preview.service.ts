/**
 * The operator's preview: a campaign file (the stored one, or an unsaved one from the console)
 * shown through the recipient pages in one language, under a short-lived rid of its own. It
 * records nothing: no recipient, event, visit or attempt is read or written. Served on the admin
 * listener only; on the public one a preview rid is the plain 404 of any unknown rid.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Preview, PreviewRequest } from '@shared/admin-api';
import { campaignFileSchema, type CampaignData, type CampaignFile } from '@shared/campaign';
import { EVENT_TYPES, furthestStatus, type EventType } from '@shared/events';
import type { EventBody, EventResponse, Progress } from '@shared/journey';
import { PHISH_STEPS, type PhishStep } from '@shared/routes';
import type { Config } from '@server/config';
import type { PreviewRow, Db } from '@server/db/schema';
import { badRequest, notFound } from '@server/lib/errors';
import { RID_PATTERN } from '@server/lib/ids';
import { describeIssues } from '../campaigns/campaign-file';
import { requireCampaign } from '../campaigns/campaigns.service';
import { buildCampaignData } from '../journey/campaign-data';
import { localisedContent } from '../journey/content-cache';
import { landingDocument, type OpenedPage } from '../journey/journey.service';
import { scoreAnswers, validateAnswers } from '../journey/scoring';
import { renderTemplate } from '../journey/template';
import { deleteExpiredPreviews, findOpenPreview, insertPreview } from './preview.repository';
import { recipientLink } from '@shared/routes';
import { SAMPLE_PERSON } from '@shared/email-variables';
import { PREVIEW_ACTIONS } from '@shared/audit';
import { audited } from '../audit/audited';
import { requireScenario, type ScenarioScope } from '../scenarios/scenarios.service';
import type { LanguageCode } from '@shared/languages';

export const PREVIEW_RID_PREFIX = 'pv_';
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** A recognisable prefix, then 24 random bytes (192 bits): 35 characters, within RID_PATTERN. */
const newPreviewRid = () => PREVIEW_RID_PREFIX + randomBytes(24).toString('base64url');

export const isPreviewRid = (rid: string) => rid.startsWith(PREVIEW_RID_PREFIX) && RID_PATTERN.test(rid);

/** A preview of a campaign of this tenant (any state: a draft too), open for an hour. */
export async function createPreview(
  db: Db,
  tenantId: string,
  campaignId: string,
  request: PreviewRequest,
  now = Date.now(),
  /** The email preview makes its document here too: one audit row, with its own code. */
  action: (typeof PREVIEW_ACTIONS)[number] = 'campaign.preview',
): Promise<Preview> {
  const campaign = await requireCampaign(db, tenantId, campaignId);
  const file = request.content === undefined ? storedFile(campaign.content) : checkedFile(request.content);
  return storePreview(db, { tenantId: campaign.tenant_id, campaignId: campaign.id }, request.language, file, {
    now,
    action,
    target: campaign.id,
  });
}

/**
 * A preview of a scenario (the library's or the tenant's copy) before any campaign is made from
 * it: its pages as a recipient would see them, in one language, recording nothing.
 */
export async function createScenarioPreview(
  db: Db,
  scope: ScenarioScope,
  scenarioId: string,
  language: LanguageCode,
  now = Date.now(),
): Promise<Preview> {
  const scenario = await requireScenario(db, scope, scenarioId);
  return storePreview(
    db,
    { tenantId: scope.tenantId, scenarioId: scenario.id },
    language,
    scenario.campaign,
    {
      now,
      action: 'scenario.preview',
      target: scenario.id,
    },
  );
}

async function storePreview(
  db: Db,
  of: { tenantId: string; campaignId?: string; scenarioId?: string },
  language: LanguageCode,
  file: CampaignFile,
  audit: { now: number; action: (typeof PREVIEW_ACTIONS)[number]; target: string },
): Promise<Preview> {
  const rid = newPreviewRid();
  const createdAt = new Date(audit.now).toISOString();
  const expiresAt = new Date(audit.now + PREVIEW_TTL_MS).toISOString();
  // Opportunistically: previews are made rarely, and an expired one is never served anyway.
  await audited(db, { tenantId: of.tenantId, action: audit.action, target: audit.target }, async (trx) => {
    await deleteExpiredPreviews(trx, createdAt);
    await insertPreview(trx, {
      id: rid,
      tenant_id: of.tenantId,
      campaign_id: of.campaignId ?? null,
      scenario_id: of.scenarioId ?? null,
      language_code: language,
      content: JSON.stringify(file),
      created_at: createdAt,
      expires_at: expiresAt,
    });
  });
  return { rid, expires_at: expiresAt, pages: previewPages(rid) };
}

/** Validated like an import; the operator is told each wrong field's path. */
export function checkedFile(content: unknown): CampaignFile {
  const parsed = campaignFileSchema.safeParse(content);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues), 'invalid_campaign');
  return parsed.data;
}

export function storedFile(raw: string): CampaignFile {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('The stored campaign file is not JSON', 'invalid_campaign');
  }
  return checkedFile(json);
}

function previewPages(rid: string): Preview['pages'] {
  const query = `?rid=${rid}`;
  const steps = Object.fromEntries(PHISH_STEPS.map((step) => [step, `/phish/${step}${query}`]));
  return {
    phish: `/phish${query}`,
    ...(steps as Record<PhishStep, string>),
    'campaign-completed': `/campaign/campaign-completed${query}`,
  };
}

/** An open preview's row and its whole campaign file (every language), for the email preview. */
export async function openPreviewFile(db: Db, rid: string) {
  if (!isPreviewRid(rid)) throw notFound();
  const row = await findOpenPreview(db, rid, new Date().toISOString());
  if (!row) throw notFound();
  return { row, file: storedFile(row.content) };
}

interface OpenPreview {
  row: PreviewRow;
  /** The file in the preview language's content language, as a recipient would get it. */
  content: CampaignFile;
}

async function loadPreview(db: Db, rid: string): Promise<OpenPreview> {
  if (!isPreviewRid(rid)) throw notFound();
  const row = await findOpenPreview(db, rid, new Date().toISOString());
  if (!row) throw notFound();
  const localised = localisedContent(row.id, row.content, row.language_code);
  if (!localised) throw notFound();
  return { row, content: localised.content };
}

/**
 * Each preview's progress, in memory only: the steps gone through and the last score, so the
 * pages behave as a recipient's would (the completed page keeps its score). Another process or a
 * restart starts afresh, which a preview can live with.
 */
const progresses = new LRUCache<string, Progress>({ max: 10_000, ttl: PREVIEW_TTL_MS });

const progressOf = (rid: string): Progress =>
  progresses.get(rid) ?? { status: 'created', completed_steps: [], score: null };

function advance(rid: string, type: EventType, score?: number): Progress {
  const before = progressOf(rid);
  const steps = new Set<EventType>([...before.completed_steps, type]);
  const progress: Progress = {
    status: furthestStatus(steps),
    completed_steps: EVENT_TYPES.filter((step) => steps.has(step)),
    score: score ?? before.score,
  };
  progresses.set(rid, progress);
  return progress;
}

/** The page language of a preview page: the preview's. */
export async function openPreviewPage(db: Db, rid: string, landing: boolean): Promise<OpenedPage> {
  const { row, content } = await loadPreview(db, rid);
  if (!landing) return { language: row.language_code };
  advance(rid, 'visited');
  return { language: row.language_code, template: landingDocument(content, rid, SAMPLE_PERSON) };
}

export async function previewTemplateDocument(db: Db, rid: string): Promise<string> {
  const html = (await loadPreview(db, rid)).content.phishing.template_html;
  if (!html) throw notFound();
  return renderTemplate(html);
}

export async function previewCampaignData(db: Db, config: Config, rid: string): Promise<CampaignData> {
  const { row, content } = await loadPreview(db, rid);
  const reader = {
    rid,
    campaignId: row.campaign_id ?? row.scenario_id ?? '',
    personId: 'preview',
    tenantId: row.tenant_id,
    language: row.language_code,
    firstName: '',
    // As the e-mail preview shows it: a sample person, and a link that records nothing.
    variables: { ...SAMPLE_PERSON, link: recipientLink(config.publicUrl, rid) },
  };
  return buildCampaignData(reader, content, progressOf(rid), config);
}

/**
 * An event of a preview page, answered as the journey would but recorded nowhere (`recorded` is
 * always false): a questionnaire gets its real score and localised result. Nothing is refused
 * for order: the operator may open any page first, the completed page too.
 */
export async function previewEvent(db: Db, body: EventBody): Promise<EventResponse> {
  const { content } = await loadPreview(db, body.rid);
  if (body.type === 'questionnaire_completed') {
    validateAnswers(content.questionnaire, body.details.answers);
    const result = scoreAnswers(content.questionnaire, content.gamification.pass_mark, body.details.answers);
    const progress = advance(body.rid, body.type, result.score);
    return { type: body.type, recorded: false, progress, result };
  }
  // An empty submit is no `submitted` step for a recipient either.
  if (body.type === 'submitted' && body.details.fields.length === 0) {
    return { type: body.type, recorded: false, progress: progressOf(body.rid) };
  }
  return { type: body.type, recorded: false, progress: advance(body.rid, body.type) };
}

/** The template's beacon: the preview's progress moves to `clicked`, nothing else. */
export async function previewBeacon(db: Db, rid: string): Promise<void> {
  await loadPreview(db, rid);
  advance(rid, 'clicked');
}
