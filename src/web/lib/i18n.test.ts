import { describe, expect, it } from 'vitest';
import { initialLanguage } from './i18n';

describe('initialLanguage', () => {
  it("uses a recipient's campaign language over lang and the browser", () => {
    expect(initialLanguage({ language: 'ar', fixed: true }, '?lang=ja', ['de-DE'])).toBe('ar');
  });

  it('otherwise takes lang, then the language the server chose, then the browser, else en', () => {
    expect(initialLanguage({ language: 'fr' }, '?lang=ja', ['de-DE'])).toBe('ja');
    expect(initialLanguage({ language: 'fr' }, '', ['de-DE'])).toBe('fr');
    expect(initialLanguage({}, '', ['pt-BR', 'de'])).toBe('pt');
    expect(initialLanguage({}, '?lang=xx', ['xx-YY'])).toBe('en');
  });
});
