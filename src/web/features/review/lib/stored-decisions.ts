/**
 * Reads the GET /api/decisions answer without trusting it: entries of another shape are left
 * out, and an answer without a decisions list is no answer. Hand-written: no schema library on
 * the reviewer's first load.
 */
import type { CurrentDecision, StoredDecision } from '@shared/poll';
import { isRecord } from '@web/lib/guards';

// Spelt out, not imported: shared/poll's values come with its schema library.
const STORED: Record<StoredDecision, true> = { TP: true, FP: true };

function isCurrentDecision(value: unknown): value is CurrentDecision {
  return (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.decision === 'string' &&
    Object.hasOwn(STORED, value.decision) &&
    (value.reviewer === null || typeof value.reviewer === 'string') &&
    typeof value.at === 'string'
  );
}

export function parseDecisions(value: unknown): CurrentDecision[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.decisions)) return undefined;
  return value.decisions.filter(isCurrentDecision);
}

/** The decisions by URL, for the rows to look up. */
export function byUrl(decisions: readonly CurrentDecision[]): Map<string, CurrentDecision> {
  return new Map(decisions.map((d) => [d.url, d]));
}
