import { describe, expect, it } from 'vitest';
import { initialLanguage, readPreloaded } from './i18n';

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

describe('readPreloaded', () => {
  const page = (json: string) => {
    document.body.innerHTML = `<script type="application/json" id="hookwise-i18n">${json}</script>`;
    return readPreloaded();
  };

  it('keeps what has the expected shape and leaves the rest out', () => {
    const json = '{"language":"fr","fixed":true,"resources":{"fr":{"a":"b"},"xx":{"a":"b"},"de":{"a":1}}}';
    expect(page(json)).toEqual({ language: 'fr', fixed: true, resources: { fr: { a: 'b' } } });
    expect(page('{"language":3,"fixed":"yes","resources":[]}')).toEqual({ resources: {} });
    expect(page('[1, 2]')).toEqual({});
    expect(page('{not json')).toEqual({});
  });
});
