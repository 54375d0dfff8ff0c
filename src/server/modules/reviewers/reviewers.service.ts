/**
 * The reviewers' queue for operators: mint a reviewer link for chosen reported URLs (or every
 * pending one) with an expiry and the reviewer's name, list the links minted, revoke one (its
 * token is refused from the next request on, on every instance), and one URL's decision history.
 */
import type { ReviewerLink } from '@shared/dashboard';
import type { Config } from '@server/config';
import { notFound } from '@server/lib/errors';
import { randomUUID } from 'node:crypto';
import { nowIso } from '@server/lib/ids';
import { normaliseAll } from '@server/lib/normalise-url';
import { badRequest } from '@server/lib/errors';
import { knownUrls } from '../malicious-urls/malicious-urls.service';
import { mintPollToken } from '../poll/poll-token';
import { pendingUrlsForReview } from '../reported-urls/reported-urls.service';
import { requireTenant } from '../tenants/tenants.service';
import {
  findReviewerLink,
  insertReviewerLink,
  insertRevocation,
  isRevoked,
  listReviewerLinks,
} from './reviewers.repository';
import type { Db } from '@server/db/schema';
import { audited } from '../audit/audited';

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

/**
 * A reviewer link for these URLs. The link is listed (by its jti, never the token) so an
 * operator can see and revoke it.
 */
export async function mintPollLink(
  db: Db,
  options: {
    secret: string;
    publicUrl: string;
    tenantId: string;
    urls: readonly string[];
    expiresInSeconds: number;
    reviewer?: string | undefined;
    /** Who minted it, for the list: a user's email, "api key <prefix>", "cli". */
    createdBy?: string;
  },
): Promise<{ token: string; url: string; jti: string; expiresAt: string; createdAt: string }> {
  await requireTenant(db, options.tenantId);
  const unique = [...new Set(options.urls)];
  const known = await knownUrls(db, options.tenantId, unique);
  const jti = randomUUID();
  const token = await mintPollToken(options.secret, {
    tenantId: options.tenantId,
    urls: Object.fromEntries(unique.map((url) => [url, known.has(url)])),
    expiresInSeconds: options.expiresInSeconds,
    reviewer: options.reviewer,
    jti,
  });
  const createdAt = nowIso();
  const expiresAt = new Date(Math.floor(Date.now() / 1000 + options.expiresInSeconds) * 1000).toISOString();
  const audit = { tenantId: options.tenantId, action: 'reviewer_link.mint', target: jti };
  await audited(db, audit, (trx) =>
    insertReviewerLink(trx, {
      id: jti,
      tenant_id: options.tenantId,
      reviewer: options.reviewer ?? null,
      urls: unique,
      created_by: options.createdBy ?? null,
      created_at: createdAt,
      expires_at: expiresAt,
    }),
  );
  return { token, url: `${options.publicUrl}/poll?p=${token}`, jti, expiresAt, createdAt };
}

/**
 * Whether an operator revoked this link. Read from the database on every use of a token (a
 * primary-key lookup), so a revocation holds at once on every instance.
 */
export function isReviewerLinkRevoked(db: Db, tenantId: string, jti: string): Promise<boolean> {
  return isRevoked(db, tenantId, jti);
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
  await audited(db, { tenantId, action: 'reviewer_link.revoke', target: id }, (trx) =>
    insertRevocation(trx, { jti: id, tenant_id: tenantId, revoked_by: actor, revoked_at: nowIso() }),
  );
}

function parseUrls(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}
