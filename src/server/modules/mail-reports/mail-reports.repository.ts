/** SQL for reported mail: one row per report, read back newest first and grouped into clusters. */
import { sql } from 'kysely';
import type { ReportDecision } from '@shared/mail-reports';
import type { Db, MailReportTable } from '@server/db/schema';
import type { Insertable } from 'kysely';

const REPORT_COLUMNS = [
  'id',
  'received_at',
  'source',
  'reporter',
  'outcome',
  'error',
  'sender',
  'subject',
  'headers',
  'urls',
  'credited',
  'notes',
  'cluster_key',
] as const;

export async function insertMailReport(db: Db, row: Insertable<MailReportTable>): Promise<void> {
  await db.insertInto('mail_reports').values(row).execute();
}

export function listMailReports(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom('mail_reports')
    .select(REPORT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Reports of real messages grouped by cluster: how many, by how many people, first and last. */
export function listClusters(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom('mail_reports')
    .select((eb) => [
      'cluster_key',
      eb.fn.countAll<string | number>().as('reports'),
      sql<string | number>`count(distinct reporter)`.as('reporters'),
      eb.fn.min('received_at').as('first_at'),
      eb.fn.max('received_at').as('last_at'),
      eb.fn.max('id').as('latest_id'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('cluster_key', 'is not', null)
    .groupBy('cluster_key')
    .orderBy('last_at', 'desc')
    .limit(limit)
    .execute();
}

export function findMailReportsById(db: Db, tenantId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('mail_reports')
    .select(REPORT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

export function findReportBySourceKey(db: Db, tenantId: string, sourceKey: string) {
  return db
    .selectFrom('mail_reports')
    .select(['id', 'outcome'])
    .where('tenant_id', '=', tenantId)
    .where('source_key', '=', sourceKey)
    .executeTakeFirst();
}

/** Reports whose reporter waits for an answer: on receipt, or now that it is decided. */
export function listUnanswered(db: Db, tenantId: string, since: string) {
  return db
    .selectFrom('mail_reports')
    .select(['id', 'reporter', 'reporter_sealed', 'outcome', 'subject', 'urls', 'receipt_answered_at'])
    .where('tenant_id', '=', tenantId)
    .where('received_at', '>=', since)
    .where('reporter', 'is not', null)
    .where('outcome', 'in', ['simulation', 'queued', 'no_urls'])
    .where('decision_answered_at', 'is', null)
    .orderBy('received_at')
    .limit(200)
    .execute();
}

/** Claims an answer: true when this instance is the one to send it (no answer is sent twice). */
export async function markAnswered(
  db: Db,
  id: string,
  kind: 'receipt' | 'decision',
  at: string,
  decision?: ReportDecision,
): Promise<boolean> {
  const column = kind === 'receipt' ? 'receipt_answered_at' : 'decision_answered_at';
  const result = await db
    .updateTable('mail_reports')
    .set(
      kind === 'receipt'
        ? { receipt_answered_at: at }
        : { decision_answered_at: at, decision: decision ?? null },
    )
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Undoes a claim whose message could not be sent: the next run tries again. */
export async function unmarkAnswered(db: Db, id: string, kind: 'receipt' | 'decision'): Promise<void> {
  await db
    .updateTable('mail_reports')
    .set(kind === 'receipt' ? { receipt_answered_at: null } : { decision_answered_at: null, decision: null })
    .where('id', '=', id)
    .execute();
}

/** The URL lists (JSON) of every report in one cluster. */
export function clusterUrlLists(db: Db, tenantId: string, clusterKey: string) {
  return db
    .selectFrom('mail_reports')
    .select('urls')
    .where('tenant_id', '=', tenantId)
    .where('cluster_key', '=', clusterKey)
    .execute();
}
