import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, directionOf, matchLanguage, pickLanguage } from './languages';

describe('languages', () => {
  it('lists exactly the 19 languages', () => {
    expect(LANGUAGE_CODES.slice().sort()).toEqual([
      'ar',
      'cs',
      'de',
      'en',
      'es',
      'fr',
      'hi',
      'hr',
      'hu',
      'it',
      'ja',
      'ko',
      'pt',
      'ro',
      'ru',
      'sk',
      'sr',
      'tr',
      'zh',
    ]);
  });

  it('only Arabic is right-to-left', () => {
    expect(LANGUAGE_CODES.filter((c) => directionOf(c) === 'rtl')).toEqual(['ar']);
  });

  it('matches regional tags and falls back to English', () => {
    expect(matchLanguage('pt-BR')).toBe('pt');
    expect(matchLanguage('zh_Hans')).toBe('zh');
    expect(matchLanguage('xx')).toBeUndefined();
    expect(pickLanguage(['xx', null, 'de-AT'])).toBe('de');
    expect(pickLanguage(['klingon'])).toBe('en');
  });
});
