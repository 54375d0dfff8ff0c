/**
 * The XSS corpus: markup that has run script in real applications. Every payload that manages to
 * run calls alert() or fetches /xss-hit, which the browser test counts.
 */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '<svg onload=alert(3)>',
  '<svg><script>alert(4)</script></svg>',
  '<a href="javascript:alert(5)">x</a>',
  '<iframe src="javascript:alert(6)">',
  '<body onload=alert(7)>',
  '<div style="background:url(javascript:alert(8))">',
  '<div style="width:expression(alert(9))">',
  '"><script>fetch("/xss-hit")</script>',
  "'><img src=/ onerror=fetch('/xss-hit')>",
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(12)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(13)>">',
  '<details open ontoggle=alert(14)>',
  '<object data="javascript:alert(15)">',
  '<base href="javascript:alert(16)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(17)">',
  '<<script>alert(18)//<</script>',
  '</textarea><script>alert(19)</script>',
  '{{constructor.constructor("alert(20)")()}}',
] as const;

/** As many payloads as fit in `max` characters, starting at `from` (wrapping around). */
export function payloadsFitting(max: number, from = 0): string {
  let text = '';
  for (let i = 0; i < XSS_PAYLOADS.length; i += 1) {
    const next = XSS_PAYLOADS[(from + i) % XSS_PAYLOADS.length] ?? '';
    if (text.length + next.length > max) break;
    text += next;
  }
  return text;
}

export const ALL_PAYLOADS = XSS_PAYLOADS.join('\n');

/** Reported URLs carrying the same markup: they are http(s) URLs, the poll page shows them. */
export const XSS_URLS = [
  'https://evil.example/<script>alert(21)</script>',
  'https://evil.example/"><img src=x onerror=alert(22)>',
  "https://evil.example/?q='><svg onload=alert(23)>",
  'https://evil.example/#<img src=x onerror=fetch("/xss-hit")>',
  'javascript:alert(24)',
];
