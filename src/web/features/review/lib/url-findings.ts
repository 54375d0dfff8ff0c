/**
 * The tricks a reported URL can play on a reader, each named so the page can explain it:
 * text before "@" posing as the host, a brand's domain as a mere subdomain, IP addresses
 * (written plainly or as one number in hex, octal or decimal), URL shorteners, unusual ports,
 * schemes that run or embed content, and hosts too long to read. Also the host the browser would
 * really contact, which is what a reviewer must judge.
 */
import { inspectHost, type HostInfo } from './host-inspection';

export type UrlFinding =
  | { kind: 'userinfo'; userinfo: string }
  | { kind: 'brandSubdomain'; brand: string }
  | { kind: 'obfuscatedIp'; written: string }
  | { kind: 'ipHost' }
  | { kind: 'shortener' }
  | { kind: 'port'; port: string }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'longHost'; length: number };

export interface UrlAnalysis {
  /** The host a browser would contact (IPs normalised, punycode for international hosts). */
  realHost: string | null;
  host: HostInfo | null;
  findings: UrlFinding[];
}

/** Brands most imitated in phishing, by the domain they own. */
const BRAND_DOMAINS = [
  'paypal.com',
  'apple.com',
  'icloud.com',
  'microsoft.com',
  'office.com',
  'office365.com',
  'outlook.com',
  'live.com',
  'google.com',
  'gmail.com',
  'amazon.com',
  'facebook.com',
  'instagram.com',
  'netflix.com',
  'linkedin.com',
  'dhl.com',
  'fedex.com',
  'ups.com',
  'docusign.com',
  'dropbox.com',
  'adobe.com',
  'wellsfargo.com',
  'chase.com',
];
const BRAND_NAMES = new Set(BRAND_DOMAINS.map((domain) => domain.split('.')[0]));

const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  's.id',
  'bl.ink',
  'lnkd.in',
  'short.io',
  'shorte.st',
  'adf.ly',
  'tr.im',
  'qrco.de',
  'urlz.fr',
]);

/** Schemes that run code or carry their content inline instead of naming a place. */
const ACTIVE_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'blob']);

/** Longer than this, a host is mostly there to push its real domain out of sight. */
export const LONG_HOST = 50;

/** The host as written, between "//" (and any "user@") and the port or path. */
function writtenHost(url: string): string | null {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(url.trim())?.[1];
  if (authority === undefined) return null;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

const isIpv4 = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host);

export function analyseUrl(url: string): UrlAnalysis {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { realHost: null, host: null, findings: [] };
  }
  const findings: UrlFinding[] = [];
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (ACTIVE_SCHEMES.has(scheme)) findings.push({ kind: 'scheme', scheme });
  const hostname = parsed.hostname;
  if (!hostname) return { realHost: null, host: null, findings };

  if (parsed.username || parsed.password) {
    const userinfo = decodeSafely(
      parsed.password ? `${parsed.username}:${parsed.password}` : parsed.username,
    );
    findings.push({ kind: 'userinfo', userinfo });
  }
  const ip = isIpv4(hostname) || hostname.startsWith('[');
  const written = writtenHost(url)?.toLowerCase();
  // IPv6 literals are only ever written one way that matters: as an address.
  if (isIpv4(hostname) && written !== undefined && written !== hostname) {
    findings.push({ kind: 'obfuscatedIp', written });
  } else if (ip) {
    findings.push({ kind: 'ipHost' });
  }
  if (!ip) {
    const brand = brandAsSubdomain(hostname);
    if (brand) findings.push({ kind: 'brandSubdomain', brand });
    if ([...SHORTENERS].some((s) => hostname === s || hostname.endsWith(`.${s}`))) {
      findings.push({ kind: 'shortener' });
    }
    if (hostname.length > LONG_HOST) findings.push({ kind: 'longHost', length: hostname.length });
  }
  if (parsed.port) findings.push({ kind: 'port', port: parsed.port });
  return { realHost: hostname, host: inspectHost(url.trim()), findings };
}

/**
 * A brand's domain or name as a label left of the host's own domain (paypal.com.verify.example):
 * the part a reader sees first, owned by whoever owns the last labels. The registrable domain is
 * taken as the last two labels; a public-suffix list would be exact but is too big for this page.
 */
function brandAsSubdomain(hostname: string): string | null {
  const labels = hostname.split('.');
  if (labels.length < 3) return null;
  const own = labels.slice(-2).join('.');
  if (BRAND_DOMAINS.includes(own)) return null;
  const left = `.${labels.slice(0, -2).join('.')}.`;
  const domain = BRAND_DOMAINS.find((d) => left.includes(`.${d}.`));
  if (domain) return domain;
  const name = labels.slice(0, -2).find((label) => BRAND_NAMES.has(label));
  return name ? (BRAND_DOMAINS.find((d) => d.startsWith(`${name}.`)) ?? name) : null;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
