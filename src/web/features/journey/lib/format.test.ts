import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './format';

describe('numbers in the recipient’s language', () => {
  it('groups digits and writes percentages as the language does', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatPercent(80, 'en')).toBe('80%');
    expect(formatPercent(80, 'de')).toBe('80\u00a0%');
    expect(formatPercent(80, 'tr')).toBe('%80');
  });
});
