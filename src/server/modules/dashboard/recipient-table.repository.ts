/**
 * SQL for the results' recipients table (filtered, sorted, paged on the server; the filters use
 * the (campaign_id, verdict | language_code | department | status_rank) indexes) and for one
 * recipient's activity: events, visits with their evidence, and journey attempts.
 */
import { sql } from 'kysely';
import type { RecipientTableQuery } from '@shared/dashboard';
import { eventRank, stepBit } from '@shared/events';
import { recipientMatches } from '@server/db/recipient-search';
import type { Db } from '@server/db/schema';

const SORT_COLUMNS = {
  created_at: 'created_at',
  email: 'email',
  status: 'status_rank',
  verdict: 'verdict',
  language: 'language_code',
  department: 'department',
  score: 'score',
} as const;

const COLUMNS = [
  'id',
  'email',
  'first_name',
  'department',
  'language_code',
  'status',
  'verdict',
  'verdict_reasons',
  'click_via',
  'steps',
  'score',
  'sent_at',
  'created_at',
] as const;

export async function filteredRecipients(
  db: Db,
  tenantId: string,
  campaignId: string,
  filter: RecipientTableQuery,
) {
  let query = db
    .selectFrom('recipients')
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId);
  if (filter.status) {
    // As the table shows it (recipient-table.ts): past `visited` only while the click counts as a
    // person's; a recipient whose visit was not counted stands at `visited`, whatever followed.
    const rank = filter.status === 'created' ? 0 : eventRank(filter.status);
    const person = sql<boolean>`(steps & ${stepBit('clicked')}) <> 0`;
    if (filter.status === 'visited')
      query = query.where((eb) =>
        eb.or([eb('status_rank', '=', rank), eb.and([eb('status_rank', '>', rank), eb.not(person)])]),
      );
    else if (rank > eventRank('visited')) query = query.where('status_rank', '=', rank).where(person);
    else query = query.where('status_rank', '=', rank);
  }
  if (filter.verdict) {
    query =
      filter.verdict === 'not_visited'
        ? query.where('verdict', 'is', null)
        : query.where('verdict', '=', filter.verdict);
  }
  if (filter.language) query = query.where('language_code', '=', filter.language);
  if (filter.department !== undefined) {
    query =
      filter.department === ''
        ? query.where('department', 'is', null)
        : query.where('department', '=', filter.department);
  }
  if (filter.q) {
    query = query.where(recipientMatches(filter.q));
  }
  const total = await query
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[filter.sort];
  // Nulls last either way, then a stable tie-break, so pages never overlap.
  const items = await query
    .select([...COLUMNS])
    .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
    .orderBy(sql.ref(column), filter.order)
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { total: Number(total.n), items };
}

export function findRecipient(db: Db, tenantId: string, campaignId: string, id: string) {
  return db
    .selectFrom('recipients')
    .select([...COLUMNS])
    .where('id', '=', id)
    .where('campaign_id', '=', campaignId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** Events without their network or agent: results never carry addresses. */
export function recipientEvents(db: Db, recipientId: string) {
  return db
    .selectFrom('events')
    .select(['type', 'created_at', 'details'])
    .where('recipient_id', '=', recipientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function recipientVisits(db: Db, recipientId: string) {
  return db
    .selectFrom('visits')
    .select(['id', 'created_at', 'source', 'via', 'verdict', 'reasons', 'catalogue_match', 'fanout', 'facts'])
    .where('recipient_id', '=', recipientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function recipientAttempts(db: Db, recipientId: string) {
  return db
    .selectFrom('journey_attempts')
    .select(['kind', 'created_at', 'details'])
    .where('recipient_id', '=', recipientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
