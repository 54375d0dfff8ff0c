/**
 * SCIM list queries: `filter` as directories send it (`userName eq "…"`, `externalId eq "…"`,
 * `displayName eq "…"`: the equality filters Entra ID and Okta use to match before they create),
 * and 1-based pagination (`startIndex`, `count`, at most SCIM_MAX_RESULTS a page).
 */
import { SCIM_MAX_RESULTS, type ScimListQuery } from '@shared/scim';
import { ScimFault } from './scim-errors';

export interface Page {
  startIndex: number;
  offset: number;
  limit: number;
}

export function pageOf(query: ScimListQuery): Page {
  // RFC 7644 §3.4.2.4: a startIndex below 1 is 1, a negative count is 0.
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const limit = Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count ?? 100));
  return { startIndex, offset: startIndex - 1, limit };
}

const EQUALITY = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * The attribute (one of `allowed`, compared case-insensitively) and value of an equality filter;
 * undefined without a filter. Anything else is SCIM's `invalidFilter`.
 */
export function equalityFilter<A extends string>(
  filter: string | undefined,
  allowed: readonly A[],
): { attribute: A; value: string } | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = EQUALITY.exec(filter);
  const attribute = allowed.find((a) => a.toLowerCase() === match?.[1]?.toLowerCase());
  if (!match || !attribute) {
    throw new ScimFault(
      400,
      `Unsupported filter; use ${allowed.map((a) => `${a} eq "…"`).join(' or ')}`,
      'invalidFilter',
    );
  }
  return { attribute, value: (match[2] ?? '').replace(/\\(.)/g, '$1') };
}

/** `excludedAttributes=members` (Entra ID asks groups without their members). */
export function excludes(list: string | undefined, attribute: string): boolean {
  return (list ?? '').split(',').some((a) => a.trim().toLowerCase() === attribute.toLowerCase());
}
