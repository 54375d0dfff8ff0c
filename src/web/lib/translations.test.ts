import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  TRANSLATION_NAMESPACES,
  translationPath,
  type LanguageCode,
  type TranslationNamespace,
} from '../../shared/languages';
import { isRecord } from './guards';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

function load(code: LanguageCode, namespace: TranslationNamespace): Record<string, string> {
  const file: unknown = JSON.parse(
    readFileSync(path.join(publicDir, translationPath(code, namespace)), 'utf8'),
  );
  if (!isRecord(file)) throw new Error(`${code}: not a JSON object`);
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(file)) {
    if (typeof value !== 'string') throw new Error(`${code}:${key} is not a string`);
    texts[key] = value;
  }
  return texts;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Values that may legitimately read the same as English: product names, URLs, codes, numbers
 * and the few words many languages borrow as is.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>(['URLs', 'PDF', 'OK', 'Email', 'E-mail', 'Status']);
const isExempt = (value: string) =>
  SAME_AS_ENGLISH_ALLOWED.has(value) ||
  /^(https?:|hxxp)/.test(value) ||
  !/\p{L}{2,}/u.test(value.replace(/\{\{[^}]*\}\}/g, ''));

for (const namespace of TRANSLATION_NAMESPACES)
  describe(`translation files: ${namespace}`, () => {
    const en = load('en', namespace);
    it('English has keys and non-empty values', () => {
      expect(Object.keys(en).length).toBeGreaterThan(10);
      for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe('');
    });

    for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
      describe(code, () => {
        const file = load(code, namespace);

        it('has exactly the keys English has', () => {
          const missing = Object.keys(en).filter((k) => !(k in file));
          const extra = Object.keys(file).filter((k) => !(k in en));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it('keeps the same placeholders in every value', () => {
          for (const key of Object.keys(en)) {
            expect(placeholders(file[key] ?? ''), `${code}:${key}`).toEqual(placeholders(en[key] ?? ''));
            expect((file[key] ?? '').trim(), `${code}:${key}`).not.toBe('');
          }
        });

        it('translates at least 90% of the values', () => {
          const keys = Object.keys(en).filter((k) => !isExempt(en[k] ?? ''));
          const same = keys.filter((k) => file[k] === en[k]);
          expect(same.length / keys.length, `untranslated: ${same.join(', ')}`).toBeLessThanOrEqual(0.1);
        });
      });
    }
  });
