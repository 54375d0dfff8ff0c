/**
 * SQL for reported URLs: intake (one row per tenant and URL, counted, and one per reporter of
 * it), list, pending, dismiss.
 */
import { sql } from 'kysely';
import { newId } from '@server/lib/ids';
import type { Db } from '@server/db/schema';

export async function recordReport(
  db: Db,
  tenantId: string,
  url: string,
  reporter: string | null,
  at: string,
) {
  if (reporter !== null) {
    await db
      .insertInto('reported_url_reporters')
      .values({ tenant_id: tenantId, url, reporter, first_reported_at: at, last_reported_at: at })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'url', 'reporter']).doUpdateSet((eb) => ({
          report_count: eb(eb.ref('reported_url_reporters.report_count'), '+', 1),
          last_reported_at: at,
        })),
      )
      .execute();
  }
  return db
    .insertInto('reported_urls')
    .values({ id: newId(), tenant_id: tenantId, url, reporter, first_reported_at: at, last_reported_at: at })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'url']).doUpdateSet((eb) => ({
        report_count: eb(eb.ref('reported_urls.report_count'), '+', 1),
        last_reported_at: at,
      })),
    )
    .returning(['id', 'url', 'report_count'])
    .executeTakeFirstOrThrow();
}

export async function listReportedUrls(db: Db, tenantId: string, options: { pending: boolean }) {
  let query = db
    .selectFrom('reported_urls as ru')
    .select([
      'ru.id',
      'ru.url',
      'ru.reporter',
      'ru.report_count',
      'ru.first_reported_at',
      'ru.last_reported_at',
    ])
    .select((eb) => [
      // The decision recorded last (highest seq) is the current one (reviews are append-only).
      eb
        .selectFrom('url_reviews as ur')
        .select('ur.decision')
        .whereRef('ur.tenant_id', '=', 'ru.tenant_id')
        .whereRef('ur.url', '=', 'ru.url')
        // "Submitted without a decision" rows are audit rows only: never the current decision.
        .where('ur.decision', '!=', '')
        .orderBy('ur.seq', 'desc')
        .limit(1)
        .as('decision'),
      eb
        .exists(
          eb
            .selectFrom('malicious_urls as m')
            .select(sql`1`.as('one'))
            .whereRef('m.tenant_id', '=', 'ru.tenant_id')
            .whereRef('m.url', '=', 'ru.url'),
        )
        .as('known_malicious'),
    ])
    .where('ru.tenant_id', '=', tenantId)
    .orderBy('ru.first_reported_at')
    .orderBy('ru.url');
  if (options.pending) query = query.where(notReviewed);
  const rows = await query.execute();
  const reporters = await reportersOf(db, tenantId);
  return rows.map((row) => ({
    ...row,
    reporters: reporters.get(row.url) ?? [],
    report_count: Number(row.report_count),
    // '' (submitted without a decision) is filtered out above; never the current decision.
    decision: row.decision === 'TP' || row.decision === 'FP' ? row.decision : null,
    known_malicious: Boolean(row.known_malicious),
  }));
}

/** Every reporter of the tenant's reported URLs, by URL, first reporter first. */
async function reportersOf(db: Db, tenantId: string) {
  const rows = await db
    .selectFrom('reported_url_reporters')
    .select(['url', 'reporter', 'report_count', 'first_reported_at', 'last_reported_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('url')
    .orderBy('first_reported_at')
    .orderBy('reporter')
    .execute();
  const byUrl = new Map<
    string,
    { reporter: string; report_count: number; first_reported_at: string; last_reported_at: string }[]
  >();
  for (const { url, ...row } of rows) {
    const list = byUrl.get(url) ?? [];
    list.push({ ...row, report_count: Number(row.report_count) });
    byUrl.set(url, list);
  }
  return byUrl;
}

// Pending: no reviewer decided yet. A submission without a decision (an audit row) leaves it pending.
const notReviewed = sql<boolean>`not exists (select 1 from url_reviews ur2 where ur2.tenant_id = ru.tenant_id and ur2.url = ru.url and ur2.decision <> '')`;

/**
 * Reported URLs of the tenant that no reviewer has decided on yet, oldest report first: what
 * `hookwise poll-token --pending` puts into a poll link.
 */
export async function pendingReportedUrls(db: Db, tenantId: string, limit = 500): Promise<string[]> {
  const rows = await db
    .selectFrom('reported_urls as ru')
    .select('ru.url')
    .where('ru.tenant_id', '=', tenantId)
    .where(notReviewed)
    .orderBy('ru.first_reported_at')
    .orderBy('ru.url')
    .limit(limit)
    .execute();
  return rows.map((row) => row.url);
}

export async function deleteReportedUrl(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('reported_urls')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .returning('url')
    .executeTakeFirst();
  if (result === undefined) return false;
  await db
    .deleteFrom('reported_url_reporters')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', result.url)
    .execute();
  return true;
}

/** Whether the tenant has this URL among its reported URLs. */
export async function isReportedUrl(db: Db, tenantId: string, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('reported_urls')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('url', '=', url)
    .executeTakeFirst();
  return row !== undefined;
}
