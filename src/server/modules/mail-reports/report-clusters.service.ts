/**
 * Triage by cluster: reports of the same real message (same sender, subject and URL set) as one
 * line with how many people reported it and what the reviewers decided on its URLs; and one
 * verdict for the whole cluster, kept and applied to each URL as a reviewer's decision on /poll
 * would be (so the feeds, the reviewers' queue and the answers to reporters follow).
 */
import type { ClusterDecision, ReportCluster } from '@shared/mail-reports';
import type { Db } from '@server/db/schema';
import { notFound } from '@server/lib/errors';
import { audited } from '../audit/audited';
import { currentActor } from '../audit/actor-context';
import { currentDecisions, recordOperatorDecisions } from '../poll/poll.service';
import { requireTenant } from '../tenants/tenants.service';
import { clusterUrlLists, findMailReportsById, listClusters } from './mail-reports.repository';
import { parsed, readable } from './mail-reports.service';

function verdictOf(
  urls: readonly string[],
  decisions: ReadonlyMap<string, string>,
): ReportCluster['decision'] {
  const judged = urls.map((url) => decisions.get(url));
  if (!urls.length || judged.some((d) => d === undefined)) return null;
  if (judged.every((d) => d === 'TP')) return 'TP';
  if (judged.every((d) => d === 'FP')) return 'FP';
  return 'mixed';
}

/** Real messages, one line per cluster, newest activity first, with their latest report. */
export async function reportClusters(db: Db, tenantId: string, limit: number): Promise<ReportCluster[]> {
  await requireTenant(db, tenantId);
  const clusters = await listClusters(db, tenantId, limit);
  const latest = new Map(
    (
      await findMailReportsById(
        db,
        tenantId,
        clusters.map((c) => c.latest_id).filter((id) => id !== null),
      )
    ).map((row) => [row.id, readable(row)]),
  );
  const decisions = new Map((await currentDecisions(db, tenantId)).map((d) => [d.url, d.decision]));
  return clusters.flatMap((c) => {
    const report = c.latest_id === null ? undefined : latest.get(c.latest_id);
    if (!report || c.cluster_key === null) return [];
    return [
      {
        cluster: c.cluster_key,
        reports: Number(c.reports),
        reporters: Number(c.reporters),
        first_at: String(c.first_at),
        last_at: String(c.last_at),
        latest: report,
        decision: verdictOf(
          report.urls.map((u) => u.url),
          decisions,
        ),
      },
    ];
  });
}

/** One verdict on every URL the cluster's reports carry; audited, one transaction. */
export async function decideCluster(
  db: Db,
  tenantId: string,
  input: { cluster: string; decision: 'TP' | 'FP' },
): Promise<ClusterDecision> {
  await requireTenant(db, tenantId);
  const lists = await clusterUrlLists(db, tenantId, input.cluster);
  const urls = [
    ...new Set(lists.flatMap((row) => parsed<{ url: string }[]>(row.urls, []).map((u) => u.url))),
  ];
  // Another tenant's cluster, or none: the plain 404 of any unknown object.
  if (!urls.length) throw notFound();
  await audited(
    db,
    {
      tenantId,
      action: 'report.decide_cluster',
      target: input.cluster,
      details: { decision: input.decision, urls: urls.length },
    },
    (trx) =>
      recordOperatorDecisions(trx, tenantId, {
        urls,
        decision: input.decision,
        reviewer: currentActor() ?? 'operator',
      }),
  );
  return { cluster: input.cluster, decision: input.decision, urls: urls.sort() };
}
