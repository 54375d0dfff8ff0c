/**
 * Link rewriters unwrapped: a reported message has usually passed a mail gateway that replaced
 * every link with its own (Microsoft Safe Links, Proofpoint URL Defense v2 and v3, Mimecast,
 * Google's redirect links). Reviewers judge, and proxies block, the destination, so each is
 * taken back to the URL it wraps — offline, from the link alone: nothing is ever fetched.
 * Mimecast's links are opaque tokens; when one names its destination's domain (`?domain=`),
 * that domain is what is kept, otherwise the wrapper itself.
 */

export type Rewriter = 'safelinks' | 'proofpoint' | 'mimecast' | 'google';

export interface Unwrapped {
  url: string;
  /** The rewriters taken off, outermost first (a Safe Link around a Proofpoint link: both). */
  via: Rewriter[];
}

/** Wrappers inside wrappers happen (a forward through two gateways); more than this is a loop. */
const MAX_LAYERS = 5;

function parse(input: string): URL | undefined {
  try {
    return new URL(input);
  } catch {
    return undefined;
  }
}

const isHost = (url: URL, suffix: string) => url.hostname === suffix || url.hostname.endsWith(`.${suffix}`);

function safeLinks(url: URL): string | undefined {
  const wrapped =
    isHost(url, 'safelinks.protection.outlook.com') ||
    isHost(url, 'safelinks.protection.office365.us') ||
    (url.hostname === 'statics.teams.cdn.office.net' && url.pathname.includes('/safelinks/'));
  return wrapped ? (url.searchParams.get('url') ?? undefined) : undefined;
}

/** v2: `u=` with `-` for `%` and `_` for `/` (https-3A__example.com_a → https://example.com/a). */
function proofpointV2(url: URL): string | undefined {
  if (url.hostname !== 'urldefense.proofpoint.com' || !url.pathname.startsWith('/v2/url')) return undefined;
  const u = url.searchParams.get('u');
  if (!u) return undefined;
  try {
    return decodeURIComponent(u.replace(/-/g, '%').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

/** The run lengths v3 writes as `**<char>`: A is 2, B is 3, … `_` is 65. */
const RUN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * v3: `https://urldefense.com/v3/__<url>__;<base64url>!!…$` — characters the gateway could not
 * keep are `*` in the URL and listed, in order, in the base64url part; `**X` stands for a run
 * of them (X's place in RUN_ALPHABET plus two).
 */
function proofpointV3(raw: string): string | undefined {
  const match = /^https:\/\/urldefense(?:\.proofpoint)?\.com\/v3\/__(.+?)__;([^!]*)!/.exec(raw);
  if (!match) return undefined;
  const [, embedded = '', encoded = ''] = match;
  const replacements = [...Buffer.from(encoded, 'base64url').toString('utf8')];
  let next = 0;
  const take = (count: number) => replacements.slice(next, (next += count)).join('');
  return embedded.replace(/\*\*(.)|\*/g, (token, run: string | undefined) => {
    if (run === undefined) return take(1);
    const length = RUN_ALPHABET.indexOf(run);
    return length < 0 ? token : take(length + 2);
  });
}

function mimecast(url: URL): string | undefined {
  if (!/^protect(?:-[a-z]+|\d)?\.mimecast\.com$/.test(url.hostname)) return undefined;
  const domain = url.searchParams.get('domain');
  return domain && /^[a-z0-9.-]+$/i.test(domain) ? `https://${domain}/` : undefined;
}

function google(url: URL): string | undefined {
  const host = url.hostname.replace(/^www\./, '');
  if (!/^google\.[a-z.]+$/.test(host) || url.pathname !== '/url') return undefined;
  return url.searchParams.get('q') ?? url.searchParams.get('url') ?? undefined;
}

function unwrapOnce(raw: string): { url: string; via: Rewriter } | undefined {
  const url = parse(raw);
  if (!url) return undefined;
  const candidates: [Rewriter, string | undefined][] = [
    ['safelinks', safeLinks(url)],
    ['proofpoint', proofpointV2(url) ?? proofpointV3(raw)],
    ['mimecast', mimecast(url)],
    ['google', google(url)],
  ];
  for (const [via, inner] of candidates) {
    if (inner && parse(inner)) return { url: inner, via };
  }
  return undefined;
}

export function unwrapUrl(raw: string): Unwrapped {
  let url = raw;
  const via: Rewriter[] = [];
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const inner = unwrapOnce(url);
    if (!inner) break;
    url = inner.url;
    via.push(inner.via);
  }
  return { url, via };
}
