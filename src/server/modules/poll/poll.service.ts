/**
 * Reviewer decisions: record a verified submit, mint poll links for operators, and list the
 * current decision per URL (the one recorded last, by seq, wins; earlier rows stay as the
 * audit trail). A submit without a choice (decision '', which the seed allows) is kept as an
 * audit row meaning "submitted without a decision": it never becomes the current decision and
 * never touches the malicious-URL database.
 */
import { STORED_DECISIONS, type CurrentDecision, type PollDecision, type StoredDecision } from '@shared/poll';
import { forbidden, notFound, unauthorized } from '@server/lib/errors';
import { newRowId, nowIso } from '@server/lib/ids';
import { applyReviewDecision } from '../malicious-urls/malicious-urls.service';
import { wasReported } from '../reported-urls/reported-urls.service';
import { isReviewerLinkRevoked } from '../reviewers/reviewers.service';
import { requireTenant, tenantExists } from '../tenants/tenants.service';
import {
  decisionsOldestFirst,
  decisionsOldestFirstFor,
  decisionsOnUrl,
  insertReview,
  lockUrlForDecision,
} from './poll.repository';
import { verifyPollToken, type PollClaims } from './poll-token';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { emitEvent } from '../webhooks/webhooks.service';

export interface RecordedDecision {
  url: string;
  decision: PollDecision;
  at: string;
}

/**
 * Appends the decision and applies its malicious-URL change as one step per URL, so that the
 * latest decision (highest seq) and the malicious-URL database always agree.
 */
export async function recordDecision(
  db: Db,
  claims: PollClaims,
  input: { url: string; decision: PollDecision },
): Promise<RecordedDecision> {
  // Own-property check: a URL such as "__proto__" must not pass through the prototype.
  if (!Object.prototype.hasOwnProperty.call(claims.urls, input.url)) {
    throw forbidden('This URL is not part of the token', 'url_not_in_token');
  }
  if (!(await tenantExists(db, claims.tid))) throw unauthorized('The token is not valid', 'token_invalid');
  return inTransaction(db, (trx) =>
    decideUrl(trx, claims.tid, { ...input, jti: claims.jti, reviewer: claims.sub ?? null }),
  );
}

/** Where a decision was taken without a reviewer link (the console's verdict on a cluster). */
export const OPERATOR_DECISION = 'operator';

/**
 * An operator's one verdict on several URLs (a cluster of reported mail), each kept and applied
 * exactly as a reviewer's, in the caller's transaction; `reviewer` names the operator.
 */
export async function recordOperatorDecisions(
  db: Db,
  tenantId: string,
  input: { urls: readonly string[]; decision: 'TP' | 'FP'; reviewer: string },
): Promise<RecordedDecision[]> {
  return inTransaction(db, async (trx) => {
    const recorded: RecordedDecision[] = [];
    for (const url of [...new Set(input.urls)].sort())
      recorded.push(
        await decideUrl(trx, tenantId, {
          url,
          decision: input.decision,
          jti: OPERATOR_DECISION,
          reviewer: input.reviewer,
        }),
      );
    return recorded;
  });
}

/** One decision kept, applied to the malicious-URL database and announced, under the URL's lock. */
async function decideUrl(
  trx: Db,
  tenantId: string,
  input: { url: string; decision: PollDecision; jti: string; reviewer: string | null },
): Promise<RecordedDecision> {
  await lockUrlForDecision(trx, tenantId, input.url);
  // Shown to people only: the clocks of two instances need not agree, so seq sets the order.
  const at = nowIso();
  await insertReview(trx, {
    id: newRowId(),
    tenant_id: tenantId,
    url: input.url,
    decision: input.decision,
    jti: input.jti,
    reviewer: input.reviewer,
    created_at: at,
  });
  await applyReviewDecision(trx, tenantId, input.url, input.decision, at);
  await emitEvent(trx, {
    tenantId,
    type: 'review.decided',
    data: { url: input.url, decision: input.decision, reviewer: input.reviewer, decided_at: at },
  });
  return { url: input.url, decision: input.decision, at };
}

/**
 * A poll token that verifies and was not revoked. The revocation is read from the database on
 * every use (a primary-key lookup), so it holds at once on every instance.
 */
export async function verifyReviewerToken(db: Db, secret: string, token: string): Promise<PollClaims> {
  const claims = await verifyPollToken(secret, token);
  if (await isReviewerLinkRevoked(db, claims.tid, claims.jti)) {
    throw unauthorized('This reviewer link was revoked', 'token_revoked');
  }
  return claims;
}

export type { CurrentDecision };

/** Where the same URL was decided more than once, the last decision (highest seq) wins. */
function latestPerUrl(
  rows: readonly { url: string; decision: PollDecision; reviewer: string | null; created_at: string }[],
): CurrentDecision[] {
  const latest = new Map<string, CurrentDecision>();
  for (const row of rows) {
    // The repository leaves empty decisions out; the check keeps the type honest.
    if (row.decision === '') continue;
    latest.set(row.url, { url: row.url, decision: row.decision, reviewer: row.reviewer, at: row.created_at });
  }
  return [...latest.values()];
}

export async function currentDecisions(db: Db, tenantId: string): Promise<CurrentDecision[]> {
  await requireTenant(db, tenantId);
  return latestPerUrl(await decisionsOldestFirst(db, tenantId)).sort((a, b) => a.url.localeCompare(b.url));
}

/** Bound on bound parameters per query (SQLite allows 32,766, PostgreSQL 65,535). */
const URLS_PER_QUERY = 500;

/**
 * The current decision on each URL of a verified poll token, in the token's order; URLs never
 * decided are left out. Only the token's URLs: a reviewer learns nothing about other URLs.
 */
export async function decisionsForToken(db: Db, claims: PollClaims): Promise<CurrentDecision[]> {
  if (!(await tenantExists(db, claims.tid))) throw unauthorized('The token is not valid', 'token_invalid');
  const urls = Object.keys(claims.urls);
  const found = new Map<string, CurrentDecision>();
  for (let start = 0; start < urls.length; start += URLS_PER_QUERY) {
    const rows = await decisionsOldestFirstFor(db, claims.tid, urls.slice(start, start + URLS_PER_QUERY));
    for (const decision of latestPerUrl(rows)) found.set(decision.url, decision);
  }
  return urls.flatMap((url) => found.get(url) ?? []);
}

/** A URL the tenant neither reported nor decided on is the plain 404 of any unknown object. */
export async function decisionHistory(db: Db, tenantId: string, url: string) {
  const rows = await decisionsOnUrl(db, tenantId, url);
  if (rows.length === 0 && !(await wasReported(db, tenantId, url))) throw notFound();
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
