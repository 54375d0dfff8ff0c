/**
 * Reviewer decisions: record a verified submit, mint poll links for operators, and list the
 * current decision per URL (the one recorded last, by seq, wins; earlier rows stay as the
 * audit trail).
 */
import type { Kysely } from 'kysely';
import type { PollDecision } from '../../../shared/poll';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import {
  addReviewedMaliciousUrl,
  knownMaliciousUrls,
  removeReviewedMaliciousUrl,
} from '../malicious-urls/malicious-urls.repository';
import { requireTenant, tenantExists } from '../tenants/tenants.service';
import { insertReview, lockUrlForDecision, reviewsOldestFirst } from './poll.repository';
import { mintPollToken, type PollClaims } from './poll-token';

type Db = Kysely<Database>;

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
  { db, dialect }: { db: Db; dialect: Dialect },
  claims: PollClaims,
  input: { url: string; decision: PollDecision },
): Promise<RecordedDecision> {
  // Own-property check: a URL such as "__proto__" must not pass through the prototype.
  if (!Object.prototype.hasOwnProperty.call(claims.urls, input.url)) {
    throw forbidden('This URL is not part of the token', 'url_not_in_token');
  }
  if (!(await tenantExists(db, claims.tid))) throw unauthorized('The token is not valid', 'token_invalid');
  return db.transaction().execute(async (trx) => {
    await lockUrlForDecision(trx, dialect, claims.tid, input.url);
    // Shown to people only: the clocks of two instances need not agree, so seq sets the order.
    const at = nowIso();
    await insertReview(trx, {
      id: newId(),
      tenant_id: claims.tid,
      url: input.url,
      decision: input.decision,
      jti: claims.jti,
      reviewer: claims.sub ?? null,
      created_at: at,
    });
    if (input.decision === 'TP') await addReviewedMaliciousUrl(trx, claims.tid, input.url, at);
    if (input.decision === 'FP') await removeReviewedMaliciousUrl(trx, claims.tid, input.url);
    return { url: input.url, decision: input.decision, at };
  });
}

export async function mintPollLink(
  db: Db,
  options: {
    secret: string;
    publicUrl: string;
    tenantId: string;
    urls: readonly string[];
    expiresInSeconds: number;
    reviewer?: string;
  },
): Promise<{ token: string; url: string }> {
  await requireTenant(db, options.tenantId);
  const unique = [...new Set(options.urls)];
  const known = await knownMaliciousUrls(db, options.tenantId, unique);
  const token = await mintPollToken(options.secret, {
    tenantId: options.tenantId,
    urls: Object.fromEntries(unique.map((url) => [url, known.has(url)])),
    expiresInSeconds: options.expiresInSeconds,
    reviewer: options.reviewer,
  });
  return { token, url: `${options.publicUrl}/poll?p=${token}` };
}

export interface CurrentDecision {
  url: string;
  decision: PollDecision;
  reviewer: string | null;
  at: string;
}

export async function currentDecisions(db: Db, tenantId: string): Promise<CurrentDecision[]> {
  await requireTenant(db, tenantId);
  const latest = new Map<string, CurrentDecision>();
  for (const row of await reviewsOldestFirst(db, tenantId)) {
    latest.set(row.url, { url: row.url, decision: row.decision, reviewer: row.reviewer, at: row.created_at });
  }
  return [...latest.values()].sort((a, b) => a.url.localeCompare(b.url));
}
