import { describe, expect, it } from 'vitest';
import { inspectHost, skeleton } from './host-inspection';

describe('inspectHost', () => {
  it('gives punycode and Unicode forms of an internationalised look-alike and flags it', () => {
    expect(inspectHost('https://xn--pypal-4ve.com/signin')).toEqual({
      ascii: 'xn--pypal-4ve.com',
      unicode: 'pаypal.com',
      international: true,
      scripts: ['Cyrillic', 'Latin'],
      mixedScripts: true,
      lookalike: 'paypal.com',
    });
    // The same host typed in Unicode is normalised to the same punycode.
    expect(inspectHost('https://pаypal.com/')?.ascii).toBe('xn--pypal-4ve.com');
  });

  it('flags a whole-script look-alike that mixes nothing (all-Cyrillic "apple")', () => {
    const info = inspectHost('https://аррӏе.com/');
    expect(info).toMatchObject({
      ascii: 'xn--80ak6aa92e.com',
      international: true,
      mixedScripts: false,
      lookalike: 'apple.com',
    });
  });

  it('flags Greek letters posing as Latin ones', () => {
    expect(inspectHost('https://gοοgle.com/')).toMatchObject({
      mixedScripts: true,
      lookalike: 'google.com',
      scripts: ['Greek', 'Latin'],
    });
  });

  it('does not flag plain ASCII hosts, IP addresses or honest single-script IDNs', () => {
    expect(inspectHost('https://www.Example.org/x')).toMatchObject({
      ascii: 'www.example.org',
      international: false,
      mixedScripts: false,
      lookalike: null,
    });
    expect(inspectHost('http://203.0.113.7/invoice.zip')).toMatchObject({
      international: false,
      scripts: [],
      lookalike: null,
    });
    // Cyrillic label, Latin TLD: different labels, so not mixed; "пример" reads like nothing ASCII.
    expect(inspectHost('https://пример.com/')).toMatchObject({
      international: true,
      mixedScripts: false,
      lookalike: null,
    });
    expect(inspectHost('https://bücher.de/')).toMatchObject({
      ascii: 'xn--bcher-kva.de',
      unicode: 'bücher.de',
      mixedScripts: false,
      lookalike: null,
    });
    // Japanese mixes Han and Kana in one label by design.
    expect(inspectHost('https://日本語のサイト.jp/')).toMatchObject({ mixedScripts: false });
  });

  it('returns null for text that is not a URL', () => {
    expect(inspectHost('not a url')).toBeNull();
    expect(inspectHost('')).toBeNull();
  });
});

describe('skeleton', () => {
  it('folds case, compatibility forms and Cyrillic/Greek look-alikes to Latin', () => {
    expect(skeleton('РАУРАL')).toBe('paypal');
    expect(skeleton('ｅｘａｍｐｌｅ')).toBe('example');
    expect(skeleton('plain')).toBe('plain');
  });
});
