/** Rewritten links taken back to what they wrap, as the gateways write them. */
import { describe, expect, it } from 'vitest';
import { unwrapUrl } from './unwrap-url';

describe('unwrapUrl', () => {
  it('takes a Microsoft Safe Link back to its url parameter', () => {
    const wrapped =
      'https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Flogin-micros0ft.example%2Fverify%3Fid%3D7&data=05%7C02%7Cana%40acme.example%7C1f&sdata=abc%3D&reserved=0';
    expect(unwrapUrl(wrapped)).toEqual({
      url: 'https://login-micros0ft.example/verify?id=7',
      via: ['safelinks'],
    });
  });

  it('decodes Proofpoint URL Defense v2', () => {
    const wrapped =
      'https://urldefense.proofpoint.com/v2/url?u=https-3A__payroll-2Dupdate.example_login.php-3Fuser-3Dana&d=DwMFaQ&c=abc&r=def&m=ghi&s=jkl&e=';
    expect(unwrapUrl(wrapped).url).toBe('https://payroll-update.example/login.php?user=ana');
  });

  it('decodes Proofpoint URL Defense v3, single characters and runs', () => {
    // "%2F" and "@" were kept aside: * for one character, **A for a run of two.
    const single = `https://urldefense.com/v3/__https://files.example/o/owa*2Findex.html?x=1__;JQ!!Fjc1LPEtn8I!abc$`;
    expect(unwrapUrl(single).url).toBe('https://files.example/o/owa%2Findex.html?x=1');
    const runs = `https://urldefense.com/v3/__https://x.example/a**Ab__;JSU!!Fjc1!zz$`;
    expect(unwrapUrl(runs).url).toBe('https://x.example/a%%b');
    const plain = 'https://urldefense.com/v3/__https://plain.example/path__;!!Fjc1LPEtn8I!xyz$';
    expect(unwrapUrl(plain)).toEqual({ url: 'https://plain.example/path', via: ['proofpoint'] });
  });

  it("keeps Mimecast's destination domain when the link names it, else the link itself", () => {
    expect(unwrapUrl('https://protect-eu.mimecast.com/s/AbCdEfGh12?domain=invoice-portal.example').url).toBe(
      'https://invoice-portal.example/',
    );
    const opaque = 'https://protect-us.mimecast.com/s/0wSdCVON0gczLDq1tGaO_q/';
    expect(unwrapUrl(opaque)).toEqual({ url: opaque, via: [] });
  });

  it("unwraps Google's redirect links", () => {
    expect(unwrapUrl('https://www.google.com/url?q=https://evil.example/x&sa=D&source=editors').url).toBe(
      'https://evil.example/x',
    );
  });

  it('peels wrappers inside wrappers, and leaves an ordinary link alone', () => {
    const inner = 'https://urldefense.proofpoint.com/v2/url?u=https-3A__deep.example_&d=x';
    const outer = `https://nam02.safelinks.protection.outlook.com/?url=${encodeURIComponent(inner)}&data=1`;
    expect(unwrapUrl(outer)).toEqual({ url: 'https://deep.example/', via: ['safelinks', 'proofpoint'] });
    expect(unwrapUrl('https://example.com/a?url=https://b.example')).toEqual({
      url: 'https://example.com/a?url=https://b.example',
      via: [],
    });
  });
});
