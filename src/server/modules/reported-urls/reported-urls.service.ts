/** Reported-URL intake shared by the REST API and `hookwise reports add`. */
import type { ReportedUrl, ReportedUrlsAdded, ReportUrlsBody } from '@shared/reported-urls';
import { badRequest, notFound } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { normaliseAll } from '@server/lib/normalise-url';
import { requireTenant } from '../tenants/tenants.service';
import {
  deleteReportedUrl,
  isReportedUrl,
  listReportedUrls,
  pendingReportedUrls,
  recordReport,
} from './reported-urls.repository';
import type { Db } from '@server/db/schema';
import { audited } from '../audit/audited';

export async function reportUrls(
  db: Db,
  tenantId: string,
  input: ReportUrlsBody,
): Promise<ReportedUrlsAdded> {
  // All or nothing: one bad URL rejects the request before anything is recorded.
  const urls = normaliseAll(input.urls, (message) => badRequest(message, 'invalid_url'));
  const at = nowIso();
  const reported = await audited(
    db,
    { tenantId, action: 'report.add', details: { urls: urls.length } },
    async (trx) => {
      const rows = [];
      for (const url of urls) rows.push(await recordReport(trx, tenantId, url, input.reporter ?? null, at));
      return rows;
    },
  );
  return {
    reported: reported.map((row) => ({
      ...row,
      report_count: Number(row.report_count),
      new: Number(row.report_count) === 1,
    })),
  };
}

export function reportedUrls(
  db: Db,
  tenantId: string,
  options: { pending: boolean },
): Promise<ReportedUrl[]> {
  return listReportedUrls(db, tenantId, options);
}

/** How many pending URLs one reviewer link carries at most (the token travels in a URL). */
export const MAX_PENDING_IN_LINK = 500;

/**
 * The reported URLs no reviewer has decided on yet, oldest report first, for a reviewer link
 * (`hookwise poll-token --pending`). Nothing pending is an error: a link with nothing to review
 * would only puzzle the reviewer.
 */
export async function pendingUrlsForReview(db: Db, tenantId: string): Promise<string[]> {
  await requireTenant(db, tenantId);
  const urls = await pendingReportedUrls(db, tenantId, MAX_PENDING_IN_LINK);
  if (urls.length === 0) {
    throw notFound('Nothing to review: every reported URL of this tenant already has a decision');
  }
  return urls;
}

export async function dismissReportedUrl(db: Db, tenantId: string, id: string) {
  await audited(db, { tenantId, action: 'report.dismiss', target: id }, async (trx) => {
    if (!(await deleteReportedUrl(trx, tenantId, id))) throw notFound();
  });
}

/** Whether anyone in the tenant reported this URL. */
export function wasReported(db: Db, tenantId: string, url: string): Promise<boolean> {
  return isReportedUrl(db, tenantId, url);
}
