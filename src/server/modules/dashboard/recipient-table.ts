/**
 * The results' recipients table and one recipient's drill-down, as the console shows them:
 * reasons and details parsed from their JSON columns, never an address or user agent.
 */
import type { RecipientActivity, RecipientRow, RecipientTable, RecipientTableQuery } from '@shared/dashboard';
import { eventRank, stepBit } from '@shared/events';
import { clickedAsPerson } from '@shared/funnel';
import type { Campaign, Db } from '@server/db/schema';
import { notFound } from '@server/lib/errors';
import { parseReasons } from '../clicks/click-verdict';
import {
  filteredRecipients,
  findRecipient,
  recipientAttempts,
  recipientEvents,
  recipientVisits,
} from './recipient-table.repository';

type Row = Awaited<ReturnType<typeof findRecipient>> & {};

function toRow({ steps, ...row }: Row): RecipientRow {
  const clicked = (Number(steps) & stepBit('clicked')) !== 0;
  // What followed a visit not counted as a click is not the people funnel's (shared/funnel.ts):
  // such a recipient stands at `visited`, as in the results API.
  const beyond = row.status !== 'created' && eventRank(row.status) > eventRank('visited');
  return {
    ...row,
    status: beyond && !clicked ? 'visited' : row.status,
    // As the results API: while the click stands; clicks from before the source was kept came by link.
    click_via: clicked ? (row.click_via ?? 'link') : null,
    verdict_reasons: parseReasons(row.verdict_reasons),
    score: row.score === null ? null : Number(row.score),
  };
}

function object(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export async function recipientTable(
  db: Db,
  campaign: Campaign,
  query: RecipientTableQuery,
): Promise<RecipientTable> {
  const { total, items } = await filteredRecipients(db, campaign.tenant_id, campaign.id, query);
  return { total, offset: query.offset, limit: query.limit, items: items.map(toRow) };
}

export async function recipientActivity(
  db: Db,
  campaign: Campaign,
  recipientId: string,
): Promise<RecipientActivity> {
  const row = await findRecipient(db, campaign.tenant_id, campaign.id, recipientId);
  if (!row) throw notFound();
  const [events, visits, attempts] = await Promise.all([
    recipientEvents(db, row.id),
    recipientVisits(db, row.id),
    recipientAttempts(db, row.id),
  ]);
  return {
    recipient: toRow(row),
    // A click reported by a page whose visit was not a person's, and what followed it, are not
    // the people funnel's (shared/funnel.ts): the dialog says so instead of "Clicked (people)".
    events: events.map((e) => ({
      type: e.type,
      at: e.created_at,
      details: object(e.details),
      counted: e.type === 'visited' || clickedAsPerson(Number(row.steps)),
    })),
    visits: visits.map((v) => ({
      id: v.id,
      at: v.created_at,
      source: v.source,
      via: v.via,
      verdict: v.verdict,
      reasons: parseReasons(v.reasons),
      catalogue_match: v.catalogue_match,
      fanout: Number(v.fanout),
      facts: object(v.facts),
    })),
    attempts: attempts.map((a) => ({ kind: a.kind, at: a.created_at, details: object(a.details) })),
  };
}
