/**
 * Defanging: a reported URL rewritten so that no tool turns it back into a live link
 * (hxxps://example[.]com/path). Only the scheme and the host's dots change; the rest is kept
 * character for character so the reviewer still reads the real path and query.
 */
const SCHEMES: Record<string, string> = { http: 'hxxp', https: 'hxxps', ftp: 'fxp' };

export function defang(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([\s\S]*)$/i.exec(url);
  if (!match) {
    // No scheme: the host is whatever comes before the first path, query or fragment.
    const cut = url.search(/[/?#]/);
    const host = cut === -1 ? url : url.slice(0, cut);
    return defangHost(host) + (cut === -1 ? '' : url.slice(cut));
  }
  const [, scheme = '', authority = '', rest = ''] = match;
  return `${SCHEMES[scheme.toLowerCase()] ?? scheme}://${defangHost(authority)}${rest}`;
}

function defangHost(authority: string): string {
  return authority.replace(/\./g, '[.]');
}
