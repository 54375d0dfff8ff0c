/**
 * Pure arithmetic of the programme report: rates (three decimals, null when nothing was sent),
 * the median minutes to report (one decimal) and the difficulty mix, from the repository's rows.
 */
import type { DifficultyMix, ProgrammeFigures } from '@shared/programme';

export interface Counts {
  sent: number;
  clicked: number;
  submitted: number;
  reported: number;
}

export const noCounts = (): Counts => ({ sent: 0, clicked: 0, submitted: 0, reported: 0 });

export function addCounts(into: Counts, row: Counts): void {
  into.sent += row.sent;
  into.clicked += row.clicked;
  into.submitted += row.submitted;
  into.reported += row.reported;
}

const rateOf = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

/** Minutes from send to report (given in milliseconds); a report stamped before its send (clock skew) counts as 0. */
export function minutesFrom(ms: number): number {
  return Math.max(0, ms / 60_000);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  // A typed array sorts numbers by value, without a comparator called per pair.
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

export function figures(counts: Counts, minutes: readonly number[]): ProgrammeFigures {
  return {
    ...counts,
    click_rate: rateOf(counts.clicked, counts.sent),
    submit_rate: rateOf(counts.submitted, counts.sent),
    report_rate: rateOf(counts.reported, counts.sent),
    median_minutes_to_report: median(minutes),
  };
}

export const noMix = (): DifficultyMix => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, unknown: 0 });

export function addToMix(mix: DifficultyMix, difficulty: number | null, sent: number): void {
  const key =
    difficulty !== null && difficulty >= 1 && difficulty <= 5 ? (`${difficulty}` as '1') : 'unknown';
  mix[key] += sent;
}

/** The first instant of the month after `month` (YYYY-MM), as ISO text. */
export function monthAfter(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString();
}

export function monthStart(month: string): string {
  return `${month}-01T00:00:00.000Z`;
}

/** The month `count` months before `month`. */
export function monthsBefore(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 - count, 1)).toISOString().slice(0, 7);
}
