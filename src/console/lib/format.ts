/** Dates and numbers for the operator, in the console's language. */
import i18next from 'i18next';

const locale = () => i18next.language || 'en';

// Explicit fields: Intl refuses timeZoneName together with dateStyle/timeStyle.
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A stored UTC time shown in the zone the campaign was planned in, with the zone's name. */
export function formatDateTime(iso: string | null, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale(), { ...DATE_TIME, timeZone }).format(date);
  } catch {
    // An unknown zone name (an old campaign, a renamed zone): UTC rather than nothing.
    return new Intl.DateTimeFormat(locale(), { ...DATE_TIME, timeZone: 'UTC' }).format(date);
  }
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}
