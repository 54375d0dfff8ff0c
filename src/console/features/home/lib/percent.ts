/** A rate (0–1) as a percentage in the console's language. */
import i18next from 'i18next';

export function formatPercent(rate: number): string {
  return new Intl.NumberFormat(i18next.language || 'en', {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(rate);
}
