/**
 * fast-check generators for hostile HTTP input: strings that have broken parsers and databases
 * before (NUL, lone surrogates, %-escapes, SQL, huge numbers, prototype keys), and bodies,
 * query strings and headers built from them and from the field names our schemas use.
 */
import fc from 'fast-check';

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '%',
  '%00',
  '%E0%A4%A',
  '%ZZ',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '1; DROP TABLE recipients;--',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'x'.repeat(5000),
  '9'.repeat(400),
  '-1',
  'NaN',
  'null',
  'true',
  '1e309',
  '\r\nSet-Cookie: a=b',
  '𝕳𝖔𝖔𝖐',
  'https://example.com/',
  'http://[::1]:99999/',
  'TP',
  'FP',
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const FIELDS = [
  'url',
  'urls',
  'decision',
  'rid',
  'type',
  'details',
  'fields',
  'answers',
  'reason',
  'elapsed_ms',
  'reporter',
  'name',
  'phishing',
  'awareness',
  'content',
  'template_html',
  'starts_at',
  'ends_at',
  'language_code',
  'navigation',
  'questionnaire',
  '__proto__',
  'constructor',
];

const leaf = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);

/** JSON values shaped like our bodies: known keys, hostile values, some nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 5,
    }),
  ),
})).value;

export type FuzzBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/csv',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  ';;;',
];

export const fuzzBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant<FuzzBody>({ kind: 'none' }),
  hostileJson.map<FuzzBody>((value) => ({ kind: 'json', value })),
  fc
    .record({
      text: fc.oneof(
        nastyString,
        fc.constantFrom('{', '{"url":', '[1,2', '{"__proto__":{"a":1}}', 'email\n"a,b\n', 'email\na@b.c\n'),
      ),
      contentType: fc.constantFrom(...CONTENT_TYPES),
    })
    .map<FuzzBody>(({ text, contentType }) => ({ kind: 'raw', text, contentType })),
);

/** A query string: known and random keys, hostile values, sometimes not encoded at all. */
export const fuzzQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('pending', 'pseudonymise', 'url', 'limit', 'offset', 'rid', 'lang', 'p', 'x'),
        nastyString,
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(toWellFormed(v))}`).join('&')}`),
  fc.constantFrom('?%', '?a=%E0%A4%A', '?pending=1&pending=0', '?url=%00', '?&&&=', '?lang=xx&lang=yy'),
);

export interface FuzzHeaders {
  /** 'valid' and 'none' stand for a real token and no header; any other text is sent as is. */
  authorization: string;
  extra: Record<string, string>;
}

export const fuzzHeaders: fc.Arbitrary<FuzzHeaders> = fc.record({
  authorization: fc.oneof(
    { weight: 4, arbitrary: fc.constant('valid') },
    { weight: 1, arbitrary: fc.constant('none') },
    { weight: 1, arbitrary: fc.constantFrom('Bearer x', 'Bearer hw_a_b', 'Basic Zm9vOmJhcg==', 'Bearer') },
  ),
  extra: fc.record(
    {
      'accept-language': fc.constantFrom('ar', 'xx-YY;q=abc', '*', 'en;q=0.5,de', ','.repeat(300)),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, ::2'),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
      'user-agent': fc.constantFrom('', 'x'.repeat(4000), 'curl/8'),
    },
    { requiredKeys: [] },
  ),
});

/** A path segment: encoded hostile text, or a raw hostile escape the router must cope with. */
export const fuzzSegment: fc.Arbitrary<string> = fc.oneof(
  nastyString.map((s) => encodeURIComponent(toWellFormed(s))),
  fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2e%2e', 'a'.repeat(300)),
);

/** encodeURIComponent throws on lone surrogates; the server gets their replacement instead. */
export function toWellFormed(text: string): string {
  return text.replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => {
    const code = c.charCodeAt(0);
    const pairs =
      code < 0xdc00 ? /[\udc00-\udfff]/.test(s[i + 1] ?? '') : /[\ud800-\udbff]/.test(s[i - 1] ?? '');
    return pairs ? c : '\ufffd';
  });
}
