/** A length of time in words of the console's language: minutes, hours or days, whichever reads best. */
import i18next from 'i18next';

export function formatDuration(seconds: number): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.max(1, Math.round(seconds / 60)), 'minute']
      : seconds < 48 * 3600
        ? [Math.round(seconds / 3600), 'hour']
        : [Math.round(seconds / 86_400), 'day'];
  return new Intl.NumberFormat(i18next.language || 'en', { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/** A day in the console's language (no time of day). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(i18next.language || 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
