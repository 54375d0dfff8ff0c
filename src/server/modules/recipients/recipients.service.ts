/** Recipient import, the console's list and removal, and link export, shared by the REST API and the CLI. */
import type { ImportReport, RecipientLink, RecipientPage, RecipientsQuery } from '@shared/admin-api';
import type { Campaign, Db } from '@server/db/schema';
import { conflict, notFound } from '@server/lib/errors';
import { csvText } from '@server/lib/csv';
import { newId, newRid, nowIso } from '@server/lib/ids';
import { parseRecipientsCsv, type RecipientInput } from './recipients-csv';
import {
  deleteRecipient,
  existingIdentities,
  findLanguageByEmail,
  insertRecipients,
  listRecipientLinks,
  pageRecipients,
} from './recipients.repository';
import { audited } from '../audit/audited';
import { recipientLink } from '@shared/routes';
import type { Audience, AudienceReport } from '@shared/people';
import type { ClickVerdict } from '@shared/clicks';
import type { RecipientStatus } from '@shared/events';
import { audiencePeople, linkPeople } from '../people/people.service';

export async function importRecipients(db: Db, campaign: Campaign, csv: string): Promise<ImportReport> {
  if (campaign.ended_at) throw conflict('The campaign has ended', 'campaign_ended');
  const existing = await existingIdentities(db, campaign.tenant_id, campaign.id);
  const { accepted, rejected, rows } = parseRecipientsCsv(csv, existing);
  const audit = { tenantId: campaign.tenant_id, action: 'recipients.import', target: campaign.id };
  await audited(db, audit, (trx) => addRecipients(trx, campaign, accepted));
  return { rows, accepted: accepted.length, rejected };
}

/**
 * Stores recipients of a campaign, each with a fresh rid: links are never reused across
 * campaigns. Returns the stored rows. Takes `db | trx`: the demo adds its own in its transaction.
 */
export async function addRecipients(
  db: Db,
  campaign: Pick<Campaign, 'id' | 'tenant_id'>,
  identities: readonly RecipientInput[],
) {
  const createdAt = nowIso();
  // Each recipient is one of the tenant's people: found by email or person_id, else made.
  const people = await linkPeople(db, campaign.tenant_id, identities);
  // The time zone is the person's; a recipient row has none.
  const rows = identities.map(({ time_zone: _zone, ...identity }, i) => ({
    ...identity,
    id: newId(),
    tenant_id: campaign.tenant_id,
    campaign_id: campaign.id,
    rid: newRid(),
    person_ref: people[i] ?? null,
    created_at: createdAt,
  }));
  await insertRecipients(db, rows);
  return rows;
}

/** What another tool recorded of a recipient (an imported campaign's results). */
export interface ImportedOutcome {
  sent_at: string | null;
  reported_at: string | null;
  /** The step bits reached (visited for a click, submitted) and the furthest of them. */
  steps: number;
  status: RecipientStatus;
  status_rank: number;
  /** `unverified` for an imported click: the other tool could not tell people from scanners. */
  verdict: ClickVerdict | null;
  verdict_reasons: string[] | null;
  /** The reasons' kinds as bits (REASON_KINDS), as the dashboard counts them. */
  reason_kinds: number;
}

/**
 * The recipients of a finished imported campaign with what they did, each linked to the tenant's
 * person as any recipient is, and a fresh rid that no link will ever carry (the campaign has
 * ended). Inside the caller's transaction; returns the stored rows.
 */
export async function addImportedRecipients(
  trx: Db,
  campaign: Pick<Campaign, 'id' | 'tenant_id'>,
  imported: readonly (RecipientInput & { outcome: ImportedOutcome })[],
) {
  const createdAt = nowIso();
  const people = await linkPeople(trx, campaign.tenant_id, imported);
  const rows = imported.map(({ outcome, ...identity }, i) => ({
    email: identity.email,
    person_id: identity.person_id,
    first_name: identity.first_name,
    last_name: identity.last_name ?? null,
    language_code: identity.language_code,
    department: identity.department ?? null,
    id: newId(),
    tenant_id: campaign.tenant_id,
    campaign_id: campaign.id,
    rid: newRid(),
    person_ref: people[i] ?? null,
    sent_at: outcome.sent_at,
    reported_at: outcome.reported_at,
    steps: outcome.steps,
    status: outcome.status,
    status_rank: outcome.status_rank,
    verdict: outcome.verdict,
    verdict_reasons: outcome.verdict_reasons ? JSON.stringify(outcome.verdict_reasons) : null,
    reason_kinds: outcome.reason_kinds,
    created_at: createdAt,
  }));
  await insertRecipients(trx, rows);
  return rows;
}

/**
 * Adds a campaign's recipients from people (every active person, a group or a department), as a
 * CSV of them would: a fresh rid each, their language and department. Deactivated people are
 * never added, nor anyone already a recipient of the campaign.
 */
export async function addRecipientsFromPeople(
  db: Db,
  campaign: Campaign,
  audience: Audience,
): Promise<AudienceReport> {
  if (campaign.ended_at) throw conflict('The campaign has ended', 'campaign_ended');
  const details = { audience: audience.kind, ...audienceDetail(audience) };
  const audit = {
    tenantId: campaign.tenant_id,
    action: 'recipients.from_people',
    target: campaign.id,
    details,
  };
  return audited(db, audit, async (trx) => {
    const people = await audiencePeople(trx, campaign.tenant_id, audience);
    const existing = await existingIdentities(trx, campaign.tenant_id, campaign.id);
    const fresh = people.filter(
      (p) =>
        !existing.personRefs.has(p.id) &&
        !(p.email && existing.emails.has(p.email)) &&
        !(p.person_id && existing.personIds.has(p.person_id)),
    );
    await addRecipients(
      trx,
      campaign,
      fresh.map((p) => ({
        email: p.email,
        person_id: p.person_id,
        first_name: p.first_name,
        last_name: p.last_name,
        language_code: p.language_code,
        department: p.department,
      })),
    );
    return { added: fresh.length, already_recipients: people.length - fresh.length };
  });
}

function audienceDetail(audience: Audience): Record<string, string> {
  if (audience.kind === 'group') return { group: audience.group_id };
  if (audience.kind === 'department') return { department: audience.department };
  if (audience.kind === 'filter') return { filter: audience.filter_id };
  return {};
}

export async function recipientLinks(
  db: Db,
  publicUrl: string,
  campaign: Campaign,
): Promise<RecipientLink[]> {
  const rows = await listRecipientLinks(db, campaign.tenant_id, campaign.id);
  return rows.map((r) => ({
    email: r.email,
    person_id: r.person_id,
    first_name: r.first_name,
    language_code: r.language_code,
    rid: r.rid,
    link: recipientLink(publicUrl, r.rid),
  }));
}

/** Mail-merge CSV: the columns a mailer needs first, then the identifiers. */
export function linksCsv(links: RecipientLink[]): string {
  return csvText(links, ['email', 'first_name', 'link', 'person_id', 'language_code']);
}

/**
 * A page of the campaign's recipients for the console, searched by `q`. Without `withLinks` (a
 * viewer) each rid is withheld: it is the personal link, and opening it adds a visit to the results.
 */
export async function recipientPage(
  db: Db,
  campaign: Campaign,
  page: RecipientsQuery,
  withLinks: boolean,
): Promise<RecipientPage> {
  const found = await pageRecipients(db, campaign.id, page);
  const items = withLinks ? found.items : found.items.map((item) => ({ ...item, rid: null }));
  return { total: found.total, items, offset: page.offset, limit: page.limit };
}

/** Removes a recipient with their events and visits (a mistaken address, someone who left). */
export async function removeRecipient(db: Db, campaign: Campaign, recipientId: string) {
  const audit = {
    tenantId: campaign.tenant_id,
    action: 'recipient.remove',
    target: recipientId,
    details: { campaign: campaign.id },
  };
  await audited(db, audit, async (trx) => {
    if (!(await deleteRecipient(trx, campaign.id, recipientId))) throw notFound();
  });
}

/** The language a person reads, known from their campaigns (for answers to what they report). */
export function languageOfEmail(db: Db, tenantId: string, email: string) {
  return findLanguageByEmail(db, tenantId, email);
}

/**
 * A person's place in a training campaign: a fresh rid, their name and language, and no link to
 * the people records, so the training never counts as a simulation they received (the training
 * module's assignment says whose it is).
 */
export async function addTrainee(
  db: Db,
  campaign: Pick<Campaign, 'id' | 'tenant_id'>,
  identity: RecipientInput & { id: string },
) {
  const row = {
    ...identity,
    tenant_id: campaign.tenant_id,
    campaign_id: campaign.id,
    rid: newRid(),
    person_ref: null,
    created_at: nowIso(),
  };
  await insertRecipients(db, [row]);
  return row;
}
