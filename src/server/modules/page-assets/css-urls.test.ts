import { describe, expect, it } from 'vitest';
import { NOWHERE, rewriteCss } from './css-urls';

describe("a stylesheet's references", () => {
  it('replaces url() and @import in every spelling, keeps inline data, fragments and variables', async () => {
    const seen: string[] = [];
    const css = [
      '@import "base.css";',
      "@import url('print.css') print;",
      '.a { background: url(img/a.png) no-repeat; }',
      '.b { background-image: url( "img/b\\(1\\).png" ); }',
      '@font-face { src: url(../fonts/x.woff2) format("woff2"), url(data:font/woff2;base64,AAAA); }',
      '.c { filter: url(#blur); background: url({{logo}}); }',
    ].join('\n');
    const out = await rewriteCss(css, (reference, kind) => {
      seen.push(`${kind} ${reference}`);
      return Promise.resolve(reference.includes('print') ? undefined : `/assets/p/id/${seen.length}`);
    });
    expect(seen).toEqual([
      'import base.css',
      'import print.css',
      'url img/a.png',
      'url img/b(1).png',
      'url ../fonts/x.woff2',
    ]);
    expect(out).toContain('@import url("/assets/p/id/1");');
    // What could not be brought home loads from nowhere, never from the original site.
    expect(out).toContain(`@import url("${NOWHERE}") print;`);
    expect(out).toContain('.a { background: url("/assets/p/id/3") no-repeat; }');
    expect(out).toContain('.b { background-image: url("/assets/p/id/4"); }');
    expect(out).toContain('url(data:font/woff2;base64,AAAA)');
    expect(out).toContain('.c { filter: url(#blur); background: url({{logo}}); }');
  });
});
