import { describe, expect, it } from 'vitest';
import { analyseUrl } from './url-findings';

const kinds = (url: string) => analyseUrl(url).findings.map((f) => f.kind);

describe('analyseUrl', () => {
  it('sees through user info before "@" and names the real host', () => {
    expect(analyseUrl('https://www.paypal.com@evil.example/signin')).toMatchObject({
      realHost: 'evil.example',
      findings: [{ kind: 'userinfo', userinfo: 'www.paypal.com' }],
    });
    expect(analyseUrl('https://paypal.com:secure@evil.example/').findings).toContainEqual({
      kind: 'userinfo',
      userinfo: 'paypal.com:secure',
    });
  });

  it('flags a brand domain or name used as a subdomain, not the brand itself', () => {
    expect(analyseUrl('https://paypal.com.verify.example/x')).toMatchObject({
      realHost: 'paypal.com.verify.example',
      findings: [{ kind: 'brandSubdomain', brand: 'paypal.com' }],
    });
    expect(analyseUrl('https://login.microsoft.account-check.example/').findings).toEqual([
      { kind: 'brandSubdomain', brand: 'microsoft.com' },
    ]);
    expect(kinds('https://www.paypal.com/signin')).toEqual([]);
    expect(kinds('https://login.microsoft.com/')).toEqual([]);
  });

  it('names hex, octal and decimal IPv4 hosts with the address they mean', () => {
    for (const written of ['0x7f000001', '2130706433', '0177.0.0.1', '0x7f.0.0.1']) {
      expect(analyseUrl(`http://${written}/admin`), written).toMatchObject({
        realHost: '127.0.0.1',
        findings: [{ kind: 'obfuscatedIp', written }],
      });
    }
  });

  it('flags plain IP hosts, IPv4 and IPv6', () => {
    expect(kinds('http://203.0.113.7/invoice.zip')).toEqual(['ipHost']);
    expect(analyseUrl('http://[2001:db8::1]/x')).toMatchObject({
      realHost: '[2001:db8::1]',
      findings: [{ kind: 'ipHost' }],
    });
  });

  it('flags known shorteners, unusual ports, active schemes and very long hosts', () => {
    expect(kinds('https://bit.ly/3xYz')).toEqual(['shortener']);
    expect(kinds('https://www.tinyurl.com/abc')).toEqual(['shortener']);
    expect(analyseUrl('https://evil.example:8443/').findings).toEqual([{ kind: 'port', port: '8443' }]);
    // The default port is no finding: the browser drops it.
    expect(kinds('https://evil.example:443/')).toEqual([]);
    expect(analyseUrl('javascript:alert(1)')).toEqual({
      realHost: null,
      host: null,
      findings: [{ kind: 'scheme', scheme: 'javascript' }],
    });
    expect(kinds('data:text/html;base64,PHNjcmlwdD4=')).toEqual(['scheme']);
    const long = `https://secure-login-${'a'.repeat(40)}.accounts.evil.example/`;
    expect(analyseUrl(long).findings).toEqual([
      { kind: 'longHost', length: long.length - 'https://'.length - 1 },
    ]);
  });

  it('finds nothing in a plain URL and survives text that is no URL', () => {
    expect(analyseUrl('https://www.example.org/newsletter/unsubscribe')).toMatchObject({
      realHost: 'www.example.org',
      findings: [],
    });
    expect(analyseUrl('not a url')).toEqual({ realHost: null, host: null, findings: [] });
  });
});
