import { describe, expect, it } from 'vitest';
import { formatList, formatTime, scriptName } from './locale-format';

describe('reviewer page words in the page language', () => {
  it('names scripts in the page language, not in English', () => {
    expect(['Cyrillic', 'Latin'].map((s) => scriptName(s, 'en'))).toEqual(['Cyrillic', 'Latin']);
    const ja = ['Cyrillic', 'Latin'].map((s) => scriptName(s, 'ja'));
    expect(ja).toEqual(['キリル文字', 'ラテン文字']);
    const ar = scriptName('Cyrillic', 'ar');
    expect(ar).not.toBe('Cyrillic');
    expect(ar).toMatch(/\p{Script=Arabic}/u);
    expect(scriptName('Klingon', 'ja')).toBe('Klingon');
  });

  it('joins lists the way the language does (CLDR): never with an English comma in Arabic or Japanese', () => {
    expect(formatList(['a', 'b', 'c'], 'en')).toBe('a, b, and c');
    const ar = formatList(['أ', 'ب', 'ج'], 'ar');
    // CLDR's Arabic joins with "و" (and); "،" where a separator is written; never ",".
    expect(ar).toBe('أ وب وج');
    expect(ar).not.toContain(',');
    expect(formatList(['a', 'b', 'c'], 'ja')).toBe('a、b、c');
  });

  it('formats a decision time for the language and keeps text that is no time', () => {
    expect(formatTime('2026-03-04T05:06:07.000Z', 'en')).toMatch(/2026/);
    expect(formatTime('2026-03-04T05:06:07.000Z', 'ja')).toMatch(/2026\/03\/04|2026年/);
    expect(formatTime('soon', 'en')).toBe('soon');
  });
});
