/**
 * The recipient journey: campaign data for a rid, and the events its pages record. A rid that
 * is unknown, malformed, or whose campaign is not running gets the same plain 404.
 */
import type { CampaignData, CampaignFile } from '@shared/campaign';
import { z } from 'zod';
import { EVENT_TYPES, eventRank, stepBit, type AttemptKind, type EventType } from '@shared/events';
import type { EventBody, EventResponse, Progress, QuestionnaireResult } from '@shared/journey';
import { isLanguageCode, type LanguageCode } from '@shared/languages';
import type { AppContext } from '@server/context';
import type { NewEvent, NewJourneyAttempt, Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { conflict, notFound } from '@server/lib/errors';
import { newRowId, nowIso, RID_PATTERN } from '@server/lib/ids';
import {
  findCampaignContent,
  findEventDetails,
  findLatestAttempt,
  findRecipientByRid,
  findRecipientProgress,
  insertAttempt,
  insertEventOnce,
  markStepReached,
  setRecipientScore,
  type RecipientRow,
} from './journey.repository';
import { buildCampaignData } from './campaign-data';
import type { RequestFacts } from './click-evidence';
import { recordVisit, recordVisitIn } from './clicks.service';
import { localisedCampaign } from './content-cache';
import { scoreAnswers, validateAnswers } from './scoring';
import { renderLandingTemplate, renderTemplate } from './template';

export interface Journey {
  row: RecipientRow;
  /** The campaign in the recipient's content language (see content-cache.ts). */
  content: CampaignFile;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  /** The request's shape, for the visit's evidence (see click-evidence.ts). */
  request?: RequestFacts;
}

/** The recipient and campaign behind a rid, or a plain 404 for anything not currently open. */
export async function loadJourney(db: Db, rid: string, now = Date.now()): Promise<Journey> {
  if (!RID_PATTERN.test(rid)) throw notFound();
  const row = await findRecipientByRid(db, rid);
  if (!row || !isRunning(row, now)) throw notFound();
  const localised = await localisedCampaign(
    row.campaign_id,
    row.content_version,
    recipientLanguage(row),
    () => findCampaignContent(db, row.campaign_id),
  );
  if (!localised) throw notFound();
  return { row, content: localised.content };
}

function isRunning(row: RecipientRow, now: number): boolean {
  // A draft's links are not live yet.
  if (!row.launched_at || row.ended_at) return false;
  if (row.ends_at && Date.parse(row.ends_at) <= now) return false;
  if (row.starts_at && Date.parse(row.starts_at) > now) return false;
  return true;
}

/** The operator's content in the recipient's language (else the campaign's); the pages in theirs. */
export async function campaignData(ctx: AppContext, rid: string): Promise<CampaignData> {
  const { db } = ctx.database;
  const { row, content } = await loadJourney(db, rid);
  const reader = {
    rid: row.rid,
    campaignId: row.campaign_id,
    // The operator's person id, else our own recipient id: stable, and never the email address.
    personId: row.person_id ?? row.recipient_id,
    tenantId: row.tenant_id,
    language: recipientLanguage(row),
    firstName: row.first_name ?? '',
  };
  // The row just read is the recipient's progress: each recorded step updates it.
  return buildCampaignData(reader, content, progressFrom(row), ctx.config);
}

/** Read back after a step: the recipient row, which each recorded step updates in its transaction. */
async function progressOf(db: Db, row: RecipientRow): Promise<Progress> {
  const found = await findRecipientProgress(db, row.recipient_id);
  return progressFrom({ status: found?.status ?? row.status, steps: found?.steps, score: found?.score });
}

function progressFrom(found: Pick<RecipientRow, 'status'> & { steps?: unknown; score?: unknown }): Progress {
  const steps = Number(found.steps ?? 0);
  return {
    status: found.status,
    // Steps recorded so far, in journey order.
    completed_steps: EVENT_TYPES.filter((type) => (steps & stepBit(type)) !== 0),
    score: found.score === null || found.score === undefined ? null : Number(found.score),
  };
}

/** The recipient's own language, else the campaign's; en for anything unsupported. */
export function recipientLanguage(row: RecipientRow): LanguageCode {
  const language = row.recipient_language ?? row.language_code;
  return isLanguageCode(language) ? language : 'en';
}

/** A journey page as served for a rid: its language, and for /phish the operator's template, if any. */
export interface OpenedPage {
  language: LanguageCode;
  /** The landing page (/phish) as the operator's template itself; undefined: the app's page. */
  template?: string | undefined;
}

/**
 * A journey page (/phish, its steps, /campaign pages) is being served for a rid: returns the
 * recipient's language, so the page is inlined in it. Serving the landing page (/phish) also
 * records `visited`, once. Any GET does that — a mail scanner as much as a person — so it is
 * weak evidence; `clicked` needs the running page. A bad rid is the plain 404 of loadJourney.
 * The landing's template (template.ts: why top-level, how sandboxed) comes from the same read
 * of the recipient: one lookup per page.
 */
export async function openJourneyPage(
  ctx: AppContext,
  rid: string,
  page: { landing: boolean; meta: ClientMeta },
): Promise<OpenedPage> {
  const { db } = ctx.database;
  const journey = await loadJourney(db, rid).catch(async (error: unknown) => {
    // A real rid whose campaign is not running (not yet, or no longer) still gets its page —
    // the campaign-error page — in the recipient's language. The API stays a plain 404.
    const row = RID_PATTERN.test(rid) ? await findRecipientByRid(db, rid) : undefined;
    if (row) return { row, content: null };
    throw error;
  });
  const language = recipientLanguage(journey.row);
  if (!page.landing || !journey.content) return { language };
  const { row, content } = journey;
  const { request } = page.meta;
  // The visit's evidence and the step in one transaction: one commit per landing. The visit
  // first: it locks the recipient before anything else of theirs (see recordVisitIn).
  await inTransaction(db, async (trx) => {
    if (request) {
      await recordVisitIn(trx, ctx.config, row, {
        source: 'page',
        request,
        network: page.meta.ip,
        report: null,
      });
    }
    // A HEAD is no visit of the page: it is kept as evidence (automated) and nothing else.
    if (request?.method !== 'HEAD') await stepIn(trx, newEvent(row, 'visited', {}, page.meta));
  });
  return { language, template: landingDocument(content, rid) };
}

/** The operator's template with our landing script, which knows where a submit leads. */
export function landingDocument(content: CampaignFile, rid: string): string | undefined {
  const html = content.phishing.template_html;
  if (!html) return undefined;
  const first = content.navigation[0];
  // As the app's own navigation: the first step, else straight to completion.
  const next = first ? `/phish/${first}` : '/campaign/campaign-completed';
  const query = `?rid=${encodeURIComponent(rid)}`;
  return renderLandingTemplate(html, {
    next: next + query,
    beacon: `/api/beacon/${encodeURIComponent(rid)}`,
  });
}

/** The operator's template for the SEI page's preview frame; a plain 404 without one. */
export async function templateDocument(ctx: AppContext, rid: string): Promise<string> {
  const html = (await loadJourney(ctx.database.db, rid)).content.phishing.template_html;
  if (!html) throw notFound();
  return renderTemplate(html);
}

export async function recordEvent(
  ctx: AppContext,
  body: EventBody,
  meta: ClientMeta,
): Promise<EventResponse> {
  const { db } = ctx.database;
  const { row, content } = await loadJourney(db, body.rid);
  const details: Record<string, unknown> = body.details ?? {};
  let result: QuestionnaireResult | undefined;

  if (body.type === 'clicked') {
    const recorded = await recordClick(ctx, row, body.details, meta, 'event');
    return { type: body.type, recorded, progress: await progressOf(db, row) };
  } else if (body.type === 'submitted') {
    const recorded = await recordSubmit(db, row, body.details.fields, meta);
    return { type: body.type, recorded, progress: await progressOf(db, row) };
  } else if (body.type === 'questionnaire_completed') {
    validateAnswers(content.questionnaire, body.details.answers);
    const attempt = await recordQuestionnaire(db, { row, content }, body.details, meta);
    result = attempt.result;
    return { type: body.type, recorded: attempt.recorded, progress: await progressOf(db, row), result };
  } else if (body.type === 'completed') {
    await requireQuestionnaire(db, row, content);
  }

  const recorded = await appendStep(db, newEvent(row, body.type, details, meta), result?.score);
  return { type: body.type, recorded, progress: await progressOf(db, row) };
}

export type ClickDetails = Extract<EventBody, { type: 'clicked' }>['details'];

/**
 * The running page reported itself (POST /api/events clicked, or the template's beacon): a visit
 * with the page's evidence, judged with the request's; the first report is also kept as the
 * recipient's `clicked` event. Returns whether that event was new.
 */
export async function recordClick(
  ctx: AppContext,
  row: RecipientRow,
  body: ClickDetails,
  meta: ClientMeta,
  source: 'event' | 'beacon',
): Promise<boolean> {
  // Time since the link was created, as before; the visit keeps the time since it was sent.
  const sinceCreated = Math.max(0, Date.now() - Date.parse(row.recipient_created_at));
  const event = newEvent(row, 'clicked', { ...body, since_link_created_ms: sinceCreated }, meta);
  const report = {
    gesture: body.gesture ?? null,
    evidence: body.evidence ?? null,
    page: body.page ?? 'builtin',
  };
  const request = meta.request ?? {
    method: 'POST',
    prefetch: false,
    secFetch: null,
    accept: null,
    userAgent: meta.userAgent,
    address: undefined,
  };
  return recordVisit(ctx.database.db, ctx.config, row, { source, request, network: meta.ip, report }, event);
}

/** The template's image beacon: recorded like a clicked event from the template page. */
export async function recordBeacon(ctx: AppContext, rid: string, body: ClickDetails, meta: ClientMeta) {
  const { row } = await loadJourney(ctx.database.db, rid);
  await recordClick(ctx, row, body, meta, 'beacon');
}

/**
 * Every press of the phishing page's submit is kept as an attempt; the funnel's `submitted`
 * (the recipient entered data) only once at least one field was filled. An empty press first
 * does not stop a later real submission from counting.
 */
function recordSubmit(db: Db, row: RecipientRow, fields: string[], meta: ClientMeta) {
  return db.transaction().execute(async (trx) => {
    await insertAttempt(trx, newAttempt(row, 'submit', { fields }));
    if (fields.length === 0) return false;
    return stepIn(trx, newEvent(row, 'submitted', { fields }, meta));
  });
}

/**
 * A questionnaire attempt. The first is the step's one event; a repeat without `retake` is a
 * replay (reload, retry) and gets the latest attempt's result back. A retake — allowed by the
 * campaign and only after a failed attempt — is kept as a further attempt, and its score
 * becomes the recipient's; the event keeps the first attempt as it was.
 */
function recordQuestionnaire(
  db: Db,
  { row, content }: Journey,
  details: { answers: Record<string, string[]>; retake?: boolean | undefined },
  meta: ClientMeta,
): Promise<{ recorded: boolean; result: QuestionnaireResult }> {
  const passMark = content.gamification.pass_mark;
  return db.transaction().execute(async (trx) => {
    const previous = await latestAnswers(trx, row.recipient_id);
    if (previous) {
      const last = scoreAnswers(content.questionnaire, passMark, previous);
      if (!details.retake) return { recorded: false, result: last };
      if (!content.questionnaire.allow_retake || last.passed) {
        throw conflict('This questionnaire cannot be taken again');
      }
    }
    const result = scoreAnswers(content.questionnaire, passMark, details.answers);
    const stored = { answers: details.answers, score: result.score, passed: result.passed };
    await insertAttempt(trx, newAttempt(row, 'questionnaire', { ...stored, retake: Boolean(previous) }));
    const event = newEvent(row, 'questionnaire_completed', stored, meta);
    if (!(await stepIn(trx, event, result.score)))
      await setRecipientScore(trx, row.recipient_id, result.score);
    return { recorded: true, result };
  });
}

/** The answers of the latest questionnaire attempt; before attempts were kept, the event's. */
async function latestAnswers(db: Db, recipientId: string) {
  const latest = await findLatestAttempt(db, recipientId, 'questionnaire');
  const stored = latest?.details ?? (await findEventDetails(db, recipientId, 'questionnaire_completed'));
  if (stored === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = {};
  }
  return storedAnswersSchema.safeParse(parsed).data?.answers ?? {};
}

/** A required questionnaire cannot be skipped by jumping to the completed page. */
async function requireQuestionnaire(db: Db, row: RecipientRow, content: CampaignFile) {
  const needed =
    content.navigation.includes('questionnaire') &&
    content.questionnaire.required &&
    content.questionnaire.questions.length > 0;
  if (!needed) return;
  if ((await findEventDetails(db, row.recipient_id, 'questionnaire_completed')) === undefined) {
    throw conflict('Complete the questionnaire first', 'questionnaire_required');
  }
}

const storedAnswersSchema = z.object({ answers: z.record(z.string(), z.array(z.string())).optional() });

function newEvent(
  row: RecipientRow,
  type: EventType,
  details: Record<string, unknown>,
  meta: ClientMeta,
): NewEvent {
  return {
    id: newRowId(),
    tenant_id: row.tenant_id,
    campaign_id: row.campaign_id,
    recipient_id: row.recipient_id,
    type,
    details: JSON.stringify(details),
    ip: meta.ip,
    user_agent: meta.userAgent,
    created_at: nowIso(),
  };
}

/**
 * Records a step: the event, once per recipient and type, and with it (same transaction) the
 * recipient's step bit, forward-only status and (a questionnaire's) score. Returns whether the
 * event was new.
 */
export function appendStep(db: Db, event: NewEvent, score?: number): Promise<boolean> {
  return db.transaction().execute((trx) => stepIn(trx, event, score));
}

/** appendStep inside a transaction the caller owns. */
async function stepIn(trx: Db, event: NewEvent, score?: number): Promise<boolean> {
  if (!(await insertEventOnce(trx, event))) return false;
  await markStepReached(trx, event.recipient_id, {
    type: event.type,
    rank: eventRank(event.type),
    bit: stepBit(event.type),
    ...(score === undefined ? {} : { score }),
  });
  return true;
}

function newAttempt(
  row: RecipientRow,
  kind: AttemptKind,
  details: Record<string, unknown>,
): NewJourneyAttempt {
  return {
    id: newRowId(),
    tenant_id: row.tenant_id,
    campaign_id: row.campaign_id,
    recipient_id: row.recipient_id,
    kind,
    details: JSON.stringify(details),
    created_at: nowIso(),
  };
}
