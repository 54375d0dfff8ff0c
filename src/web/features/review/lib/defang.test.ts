import { describe, expect, it } from 'vitest';
import { defang } from './defang';

describe('defang', () => {
  it('rewrites http(s) and every dot of the host, keeping path, query and fragment exactly', () => {
    expect(defang('https://example.com/a.b/c?d=e.f#g.h')).toBe('hxxps://example[.]com/a.b/c?d=e.f#g.h');
    expect(defang('http://203.0.113.7/invoice.zip')).toBe('hxxp://203[.]0[.]113[.]7/invoice.zip');
    expect(defang('HTTPS://Sub.Example.COM')).toBe('hxxps://Sub[.]Example[.]COM');
  });

  it('keeps user info, port and non-web schemes readable', () => {
    expect(defang('https://user@evil.example:8443/x')).toBe('hxxps://user@evil[.]example:8443/x');
    expect(defang('ftp://files.example/a')).toBe('fxp://files[.]example/a');
    expect(defang('ssh://host.example')).toBe('ssh://host[.]example');
  });

  it('handles hosts without a scheme, Unicode hosts and IPv6 literals', () => {
    expect(defang('evil.example/login.php')).toBe('evil[.]example/login.php');
    expect(defang('evil.example')).toBe('evil[.]example');
    expect(defang('https://pаypal.com/signin')).toBe('hxxps://pаypal[.]com/signin');
    expect(defang('http://[2001:db8::1]/x.y')).toBe('hxxp://[2001:db8::1]/x.y');
  });

  it('never produces a string a browser would parse as an http(s) URL with the same host', () => {
    for (const url of ['https://example.com/', 'http://a.b.c.d/e']) {
      const defanged = defang(url);
      expect(defanged).not.toMatch(/^https?:/i);
      expect(defanged).not.toContain(new URL(url).hostname);
    }
  });
});
