/**
 * The recipient journey's pages: the recipient and campaign behind a rid, the campaign data the
 * pages render, and the landing (/phish), which records the visit. A rid that is unknown,
 * malformed, or whose campaign is not running gets the same plain 404.
 */
import type { CampaignData, CampaignFile } from '@shared/campaign';
import { isLanguageCode, type LanguageCode } from '@shared/languages';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { notFound } from '@server/lib/errors';
import { RID_PATTERN } from '@server/lib/ids';
import { recordVisitIn } from '../clicks/clicks.service';
import { buildCampaignData } from './campaign-data';
import { localisedCampaign } from './content-cache';
import { findCampaignContent, findRecipientByRid, type RecipientRow } from './journey.repository';
import { newEvent, progressFrom, stepIn, type ClientMeta } from './journey-steps.service';
import { renderLandingTemplate, renderTemplate, type PageValues } from './template';
import { recipientLink } from '@shared/routes';

export type { ClientMeta };

export interface Journey {
  row: RecipientRow;
  /** The campaign in the recipient's content language (see content-cache.ts). */
  content: CampaignFile;
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
export async function campaignData(db: Db, config: Config, rid: string): Promise<CampaignData> {
  const { row, content } = await loadJourney(db, rid);
  const reader = {
    rid: row.rid,
    campaignId: row.campaign_id,
    // The operator's person id, else our own recipient id: stable, and never the email address.
    personId: row.person_id ?? row.recipient_id,
    tenantId: row.tenant_id,
    language: recipientLanguage(row),
    firstName: row.first_name ?? '',
    variables: {
      first_name: row.first_name ?? '',
      last_name: row.last_name ?? '',
      email: row.email ?? '',
      department: row.department ?? '',
      link: recipientLink(config.publicUrl, row.rid),
    },
  };
  // The row just read is the recipient's progress: each recorded step updates it.
  return buildCampaignData(reader, content, progressFrom(row), config);
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
  db: Db,
  config: Config,
  rid: string,
  page: { landing: boolean; meta: ClientMeta },
): Promise<OpenedPage> {
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
      await recordVisitIn(trx, config, row, {
        source: 'page',
        via: page.meta.via ?? 'link',
        request,
        network: page.meta.ip,
        report: null,
      });
    }
    // A HEAD is no visit of the page: it is kept as evidence (automated) and nothing else.
    if (request?.method !== 'HEAD') await stepIn(trx, newEvent(row, 'visited', {}, page.meta));
  });
  const person = {
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    email: row.email ?? '',
    department: row.department ?? '',
  };
  return { language, template: landingDocument(content, rid, person) };
}

/** The operator's template for one person, with our landing script, which knows where a submit leads. */
export function landingDocument(
  content: CampaignFile,
  rid: string,
  person: Omit<PageValues, 'rid' | 'link'>,
): string | undefined {
  const html = content.phishing.template_html;
  if (!html) return undefined;
  const first = content.navigation[0];
  // As the app's own navigation: the first step, else straight to completion.
  const next = first ? `/phish/${first}` : '/campaign/campaign-completed';
  const query = `?rid=${encodeURIComponent(rid)}`;
  return renderLandingTemplate(
    html,
    { next: next + query, beacon: `/api/beacon/${encodeURIComponent(rid)}` },
    // The recipient's own link, as GoPhish's {{.URL}} on a page: this page again.
    { ...person, rid, link: `/phish${query}` },
  );
}

/** The operator's template for the SEI page's preview frame; a plain 404 without one. */
export async function templateDocument(db: Db, rid: string): Promise<string> {
  const html = (await loadJourney(db, rid)).content.phishing.template_html;
  if (!html) throw notFound();
  return renderTemplate(html);
}
