/**
 * Reviewer row state, exactly as the seed defines it (field names included, `exitsInDb` spelt
 * that way). Pure functions so every transition is unit-tested.
 */
import type { PollDecision } from '@shared/poll';

export interface PollRow {
  url: string;
  exitsInDb: boolean;
  fp: boolean;
  tp: boolean;
  submitted: boolean;
}

export type Choice = 'tp' | 'fp';

export function rowsFromUrls(urls: Record<string, boolean>): PollRow[] {
  return Object.entries(urls).map(([url, exitsInDb]) => ({
    url,
    exitsInDb,
    fp: false,
    tp: false,
    submitted: false,
  }));
}

/** Choosing an option selects it; choosing the already-selected one flips to the other. */
export function choose(row: PollRow, choice: Choice): PollRow {
  const alreadySelected = choice === 'tp' ? row.tp : row.fp;
  const tp = alreadySelected ? choice !== 'tp' : choice === 'tp';
  return { ...row, tp, fp: !tp };
}

/** Marked submitted at once, before the call finishes; resubmitting keeps it submitted. */
export function markSubmitted(row: PollRow): PollRow {
  return { ...row, submitted: true };
}

export function decisionOf(row: PollRow): PollDecision {
  if (row.tp) return 'TP';
  if (row.fp) return 'FP';
  return '';
}
