/**
 * The reviewers' queue for operators: mint a reviewer link for chosen reported URLs (or every
 * pending one) with an expiry and the reviewer's name, list the links minted, revoke one (its
 * token is refused from the next request on, on every instance), and one URL's decision history.
 */
import type { Kysely } from 'kysely';
import type { ReviewerLink } from '../../../shared/dashboard';
import { STORED_DECISIONS, type StoredDecision } from '../../../shared/poll';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { normaliseAll } from '../../lib/normalise-url';
import { badRequest } from '../../lib/errors';
import { mintPollLink } from '../poll/poll.service';
import {
  decisionsOnUrl,
  findReviewerLink,
  insertRevocation,
  listReviewerLinks,
} from '../poll/reviewer-links.repository';
import { isReportedUrl } from '../reports/reports.repository';
import { pendingUrlsForReview } from '../reports/reports.service';

type Db = Kysely<Database>;

export async function mintReviewerLink(
  db: Db,
  config: Pick<Config, 'pollTokenSecret' | 'publicUrl'>,
  input: {
    tenantId: string;
    actor: string;
    urls?: string[] | undefined;
    pending?: boolean | undefined;
    reviewer: string;
    expiresInHours: number;
  },
) {
  const urls = input.pending
    ? await pendingUrlsForReview(db, input.tenantId)
    : normaliseAll(input.urls ?? [], (message) => badRequest(message, 'invalid_url'));
  const link = await mintPollLink(db, {
    secret: config.pollTokenSecret,
    publicUrl: config.publicUrl,
    tenantId: input.tenantId,
    urls,
    expiresInSeconds: input.expiresInHours * 3600,
    reviewer: input.reviewer,
    createdBy: input.actor,
  });
  return {
    id: link.jti,
    url: link.url,
    reviewer: input.reviewer,
    urls: [...new Set(urls)],
    created_by: input.actor,
    created_at: link.createdAt,
    expires_at: link.expiresAt,
    revoked_at: null,
    state: 'active' as const,
  };
}

export async function reviewerLinks(db: Db, tenantId: string): Promise<ReviewerLink[]> {
  const rows = await listReviewerLinks(db, tenantId, 500);
  const now = nowIso();
  return rows.map((row) => ({
    id: row.id,
    reviewer: row.reviewer,
    urls: parseUrls(row.urls),
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at ?? null,
    state: row.revoked_at ? 'revoked' : row.expires_at <= now ? 'expired' : 'active',
  }));
}

export async function revokeReviewerLink(db: Db, tenantId: string, id: string, actor: string) {
  if (!(await findReviewerLink(db, tenantId, id))) throw notFound();
  await insertRevocation(db, { jti: id, tenant_id: tenantId, revoked_by: actor, revoked_at: nowIso() });
}

/** A URL the tenant neither reported nor decided on is the plain 404 of any unknown object. */
export async function decisionHistory(db: Db, tenantId: string, url: string) {
  const rows = await decisionsOnUrl(db, tenantId, url);
  if (rows.length === 0 && !(await isReportedUrl(db, tenantId, url))) throw notFound();
  const counted = rows.filter((row): row is typeof row & { decision: StoredDecision } =>
    (STORED_DECISIONS as readonly string[]).includes(row.decision),
  );
  return {
    url,
    current: counted.at(-1)?.decision ?? null,
    decisions: rows.map((row) => ({
      decision: row.decision,
      reviewer: row.reviewer,
      at: row.created_at,
      link: row.jti,
    })),
  };
}

function parseUrls(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}
