/** A month (YYYY-MM, UTC) and a rate for the operator, in the console's language. */
import i18next from 'i18next';

const locale = () => i18next.language || 'en';

export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}

export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** The current month and the month eleven before it: the default period, a year. */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  const month = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, 1)).toISOString().slice(0, 7);
  return { from: month(11), to: month(0) };
}
