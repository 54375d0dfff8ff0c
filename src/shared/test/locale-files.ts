/**
 * Test helpers for the translation files (public/assets/i18n/<lang>.<namespace>.json), shared by
 * each bundle's locale test: src/web/lib/translations.test.ts (the recipient and reviewer pages,
 * `upi-public`) and src/console/lib/translations.test.ts (the operator console's namespaces).
 *
 * describeTranslationFiles: every language has English's keys, placeholders and real translations.
 * describeUnusedKeys: every English key is used by the bundle's code. A key counts as used when
 *   - the code writes it out as a string (a literal, including a type's literal, or each string a
 *     template or `+` of literal alternatives can make, e.g. `breakdown.${a ? 'x' : 'y'}`); an
 *     i18next plural (`key_one`, `key_other`, …) counts as used when its base key is; or
 *   - it is one of a declared dynamic key family's keys: `prefix` + each of `suffixes`, for keys the
 *     code builds from a value only known at run time (t(`role.${user.role}`)). The test checks that
 *     each family's prefix still starts such a template in the code, that its keys are in English and
 *     that each suffix is still a string the code names, so the list cannot outlive the code.
 * The code is parsed (TypeScript's parser, no type checking), so comments never count as uses; test
 * files and test folders are left out. A bundle's namespaces share one set of uses: a key with the
 * same name in two of them counts as used in both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, translationPath, type LanguageCode, type TranslationNamespace } from '../languages';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const publicDir = path.join(REPOSITORY_ROOT, 'public');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One translation file as key → text; throws on anything but a flat object of strings. */
export function loadTranslations(
  code: LanguageCode,
  namespace: TranslationNamespace,
): Record<string, string> {
  const file: unknown = JSON.parse(
    readFileSync(path.join(publicDir, translationPath(code, namespace)), 'utf8'),
  );
  if (!isRecord(file)) throw new Error(`${code}.${namespace}: not a JSON object`);
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(file)) {
    if (typeof value !== 'string') throw new Error(`${code}.${namespace}:${key} is not a string`);
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

/** Every language has exactly English's keys, the same placeholders, and translated values. */
export function describeTranslationFiles(namespaces: readonly TranslationNamespace[]): void {
  for (const namespace of namespaces)
    describe(`translation files: ${namespace}`, () => {
      const en = loadTranslations('en', namespace);
      it('English has keys and non-empty values', () => {
        expect(Object.keys(en).length).toBeGreaterThan(10);
        for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe('');
      });

      for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
        describe(code, () => {
          const file = loadTranslations(code, namespace);

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
}

/** Keys the code builds from a value known only at run time: `prefix` + each of `suffixes`. */
export interface KeyFamily {
  namespace: TranslationNamespace;
  /** The template's text before its first `${…}`, e.g. 'role.' for t(`role.${user.role}`). */
  prefix: string;
  /** Every value the code puts after the prefix. */
  suffixes: readonly string[];
  /** Where the code builds the keys, for the reader (the test looks for the prefix, not the file). */
  builtBy: string;
}

export interface LocaleBundle {
  /** The bundle's name in test titles. */
  name: string;
  namespaces: readonly TranslationNamespace[];
  /** Folders, from the repository root, whose code uses the namespaces' keys. */
  sources: readonly string[];
  families: readonly KeyFamily[];
}

export interface KeyUsage {
  /** Every string the code writes out, or can make from literal alternatives only. */
  strings: Set<string>;
  /** Templates and `+` concatenations with a part known only at run time, by their leading text. */
  dynamic: { head: string; where: string }[];
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);

/** The bundle's source files (.ts, .tsx), without tests and test folders, relative to the root. */
export function sourceFiles(sources: readonly string[]): string[] {
  return sources.flatMap((dir) =>
    readdirSync(path.join(REPOSITORY_ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
      .filter((file) => /\.tsx?$/.test(file) && !isTestFile(file))
      .sort(),
  );
}

/** More alternatives than this and an expression counts as dynamic. */
const MAX_ALTERNATIVES = 64;

/** The strings an expression can be when it is made of string literals only; else null. */
function alternatives(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  )
    return alternatives(node.expression);
  if (ts.isConditionalExpression(node)) {
    const [yes, no] = [alternatives(node.whenTrue), alternatives(node.whenFalse)];
    return yes && no ? [...yes, ...no] : null;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return joined([alternatives(node.left), alternatives(node.right)]);
  if (ts.isTemplateExpression(node))
    return joined([
      [node.head.text],
      ...node.templateSpans.flatMap((span) => [alternatives(span.expression), [span.literal.text]]),
    ]);
  return null;
}

function joined(parts: (string[] | null)[]): string[] | null {
  let result = [''];
  for (const part of parts) {
    if (!part) return null;
    result = result.flatMap((before) => part.map((after) => before + after));
    if (result.length > MAX_ALTERNATIVES) return null;
  }
  return result;
}

/** The text a `+` concatenation starts with, when its leftmost operand is a literal. */
function leadingLiteral(node: ts.BinaryExpression): string | undefined {
  let left: ts.Expression = node;
  while (ts.isBinaryExpression(left) && left.operatorToken.kind === ts.SyntaxKind.PlusToken) left = left.left;
  return ts.isStringLiteral(left) || ts.isNoSubstitutionTemplateLiteral(left) ? left.text : undefined;
}

const isConcatenation = (node: ts.Node): node is ts.BinaryExpression =>
  ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** Parses the bundle's code and collects the strings it writes and the keys it builds. */
export function scanKeyUsage(sources: readonly string[]): KeyUsage {
  const usage: KeyUsage = { strings: new Set(), dynamic: [] };
  for (const file of sourceFiles(sources)) {
    const source = ts.createSourceFile(
      file,
      readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const where = (node: ts.Node) =>
      `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) usage.strings.add(node.text);
      else if (ts.isTemplateExpression(node) || (isConcatenation(node) && !isConcatenation(node.parent))) {
        const made = alternatives(node);
        if (made) for (const text of made) usage.strings.add(text);
        else {
          const head = ts.isTemplateExpression(node) ? node.head.text : leadingLiteral(node);
          if (head) usage.dynamic.push({ head, where: where(node) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return usage;
}

const PLURAL_SUFFIX = /_(ordinal_)?(zero|one|two|few|many|other)$/;

/** English keys of `namespace` that no string of the code and no family makes, in file order. */
export function unusedKeys(
  namespace: TranslationNamespace,
  usage: KeyUsage,
  families: readonly KeyFamily[],
): string[] {
  const built = new Set(
    families.filter((f) => f.namespace === namespace).flatMap((f) => f.suffixes.map((s) => f.prefix + s)),
  );
  const used = (key: string) => usage.strings.has(key) || built.has(key);
  return Object.keys(loadTranslations('en', namespace)).filter(
    (key) => !used(key) && !(PLURAL_SUFFIX.test(key) && used(key.replace(PLURAL_SUFFIX, ''))),
  );
}

/** Fails on each key of the bundle's namespaces that its code does not use. */
export function describeUnusedKeys(bundle: LocaleBundle): void {
  describe(`translation keys used by the ${bundle.name} (${bundle.sources.join(', ')})`, () => {
    const usage = scanKeyUsage(bundle.sources);
    const heads = new Set(usage.dynamic.map((d) => d.head));

    it('finds the code and the strings it writes', () => {
      expect(sourceFiles(bundle.sources).length).toBeGreaterThan(10);
      expect(usage.strings.size).toBeGreaterThan(100);
    });

    for (const namespace of bundle.namespaces)
      it(`uses every key of ${namespace}`, () => {
        const unused = unusedKeys(namespace, usage, bundle.families).map((key) => {
          const family = bundle.families
            .filter((f) => f.namespace === namespace && key.startsWith(f.prefix))
            .sort((a, b) => b.prefix.length - a.prefix.length)[0];
          if (family) return `${key} (not a value of the family \`${family.prefix}\${…}\`)`;
          const builder = usage.dynamic
            .filter((d) => d.head && key.startsWith(d.head))
            .sort((a, b) => b.head.length - a.head.length)[0];
          return builder
            ? `${key} (maybe built by \`${builder.head}\${…}\` at ${builder.where}: declare its family)`
            : key;
        });
        expect(unused, `${namespace}: keys no code uses; remove them from all languages`).toEqual([]);
      });

    it('declares each dynamic key family in one of the bundle’s namespaces, once', () => {
      const names = bundle.families.map((f) => `${f.namespace}: \`${f.prefix}\${…}\``);
      expect([
        ...names.filter((name, i) => names.indexOf(name) !== i).map((name) => `${name} twice`),
        ...names.filter((_, i) => !bundle.namespaces.includes(bundle.families[i]!.namespace)),
      ]).toEqual([]);
    });

    it('still builds every declared dynamic key family in the code', () => {
      const stale = bundle.families.filter((f) => !heads.has(f.prefix));
      expect(
        stale.map((f) => `${f.namespace}: \`${f.prefix}\${…}\` (${f.builtBy})`),
        'no template starts with these prefixes any more',
      ).toEqual([]);
    });

    it('lists, for each family, keys English has and values the code still names', () => {
      const problems = bundle.families.flatMap((f) => {
        const en = loadTranslations('en', f.namespace);
        return f.suffixes.flatMap((suffix) => [
          ...(Object.hasOwn(en, f.prefix + suffix)
            ? []
            : [`${f.namespace}: ${f.prefix}${suffix} is not in English`]),
          ...(usage.strings.has(suffix) ? [] : [`${f.namespace}: no code names "${suffix}" (${f.prefix}…)`]),
        ]);
      });
      expect(problems).toEqual([]);
    });
  });
}
