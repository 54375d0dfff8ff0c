/**
 * What a request says about who made it, read before the address is truncated: method, prefetch
 * hints, Sec-Fetch-*, accept kind, user agent and the full address. The address lives only in
 * memory, for the catalogue match; what is stored are the coarse facts (see StoredFacts).
 */
import type { FastifyRequest } from 'fastify';
import type { Gesture, VisitSource } from '@shared/clicks';
import type { ClickEvidence } from '@shared/journey';

export interface RequestFacts {
  method: string;
  /** `Purpose: prefetch` or `Sec-Purpose: prefetch…` (also prerender). */
  prefetch: boolean;
  /** Sec-Fetch-Site/Mode/Dest/User, "none/navigate/document/?1"; null when the client sent none. */
  secFetch: string | null;
  accept: 'html' | 'image' | 'any' | 'other' | null;
  userAgent: string | null;
  /** Full client address: for the catalogue match only, never stored. */
  address: string | undefined;
}

export function requestFacts(request: FastifyRequest, userAgent: string | null): RequestFacts {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const purpose = `${header('purpose') ?? ''} ${header('sec-purpose') ?? ''} ${header('x-moz') ?? ''}`;
  const fetchParts = ['sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user'].map(
    (name) => header(name)?.slice(0, 20) ?? '-',
  );
  return {
    method: request.method,
    prefetch: /prefetch|prerender/i.test(purpose),
    secFetch: fetchParts.every((part) => part === '-') ? null : fetchParts.join('/'),
    accept: acceptKind(header('accept')),
    userAgent,
    address: request.ip,
  };
}

function acceptKind(accept: string | undefined): RequestFacts['accept'] {
  if (!accept) return null;
  if (accept.includes('text/html')) return 'html';
  if (accept.startsWith('image/')) return 'image';
  if (accept.trim() === '*/*') return 'any';
  return 'other';
}

/** What the running page reported with a click (event or beacon). */
export interface PageReport {
  gesture: Gesture | null;
  evidence: ClickEvidence | null;
  page: 'builtin' | 'template';
}

/** The coarse facts kept with a visit: no address, no user agent text, nothing typed. */
export interface StoredFacts {
  source: VisitSource;
  method: string;
  prefetch: boolean;
  sec_fetch: string | null;
  accept: RequestFacts['accept'];
  since_sent_ms: number | null;
  page?: PageReport['page'];
  gesture?: Gesture | null;
  evidence?: ClickEvidence | null;
}
