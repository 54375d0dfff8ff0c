import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslationHook } from './typed-translation';

const en = { greeting: 'Hello {{name}}', farewell: 'Goodbye' };
const useDemoT = createTranslationHook<typeof en>('demo');

describe('createTranslationHook', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      ns: ['demo'],
      resources: { en: { demo: en } },
      interpolation: { escapeValue: false },
    });
  });

  it('reads its own namespace, with interpolation', () => {
    const { result } = renderHook(() => useDemoT());
    expect(result.current.t('greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(result.current.i18n.language).toBe('en');
  });

  it('accepts only the English file’s keys', () => {
    const { result } = renderHook(() => useDemoT());
    // @ts-expect-error: not a key of the English file
    expect(result.current.t('farewel')).toBe('farewel');
  });
});
