/**
 * One page's import: every asset it refers to fetched once (the same address twice is one
 * asset), checked for its kind (stylesheets, images and fonts only; scripts never), held to the
 * limits (per asset, in total, in number), given a generated name, and either stored or listed
 * in the report with the reason in words. Stylesheets are rewritten in turn, their own
 * references resolved against their final address.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AssetProblem, AssetReport } from '@shared/page-assets';
import type { NetworkList } from '@server/lib/network-list';
import { rewriteCss } from './css-urls';
import { FetchRefused, safeFetch } from './safe-fetch';

export const ASSET_LIMITS = {
  maxBytes: 5_000_000,
  totalBytes: 20_000_000,
  count: 200,
  timeoutMs: 15_000,
};

/** What a reference should be, by where it was found. */
export type Expected = 'stylesheet' | 'image' | 'image or font' | 'script';
const EXPECTED_WORDS: Record<Expected, string> = {
  stylesheet: 'a stylesheet',
  image: 'an image',
  'image or font': 'an image or a font',
  script: 'a script',
};

type Kind = 'stylesheet' | 'image' | 'font';
const TYPES: Record<string, { kind: Kind; ext: string }> = {
  'text/css': { kind: 'stylesheet', ext: 'css' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/gif': { kind: 'image', ext: 'gif' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'image/avif': { kind: 'image', ext: 'avif' },
  'image/bmp': { kind: 'image', ext: 'bmp' },
  'image/svg+xml': { kind: 'image', ext: 'svg' },
  'image/x-icon': { kind: 'image', ext: 'ico' },
  'image/vnd.microsoft.icon': { kind: 'image', ext: 'ico' },
  'font/woff': { kind: 'font', ext: 'woff' },
  'font/woff2': { kind: 'font', ext: 'woff2' },
  'font/ttf': { kind: 'font', ext: 'ttf' },
  'font/otf': { kind: 'font', ext: 'otf' },
  'application/font-woff': { kind: 'font', ext: 'woff' },
  'application/x-font-woff': { kind: 'font', ext: 'woff' },
  'application/font-woff2': { kind: 'font', ext: 'woff2' },
  'application/x-font-ttf': { kind: 'font', ext: 'ttf' },
  'application/font-sfnt': { kind: 'font', ext: 'ttf' },
  'application/vnd.ms-fontobject': { kind: 'font', ext: 'eot' },
};
/** Sites often serve fonts and icons as octet-stream: their name's extension says what they are. */
const BY_EXTENSION = Object.fromEntries(
  Object.entries(TYPES)
    .map(([type, { ext }]) => [ext, type] as const)
    .reverse(),
);

function typeOf(contentType: string, url: string): string | undefined {
  if (TYPES[contentType]) return contentType;
  if (contentType && !/^(?:application\/octet-stream|binary\/octet-stream|text\/plain)$/.test(contentType)) {
    return undefined;
  }
  const ext = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return ext === 'jpeg' ? 'image/jpeg' : ext ? BY_EXTENSION[ext] : undefined;
}

export interface CollectedAsset {
  id: string;
  /** The generated name served after the id. */
  name: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
  sourceUrl: string;
}

export const assetPath = (asset: Pick<CollectedAsset, 'id' | 'name'>) =>
  `/assets/p/${asset.id}/${asset.name}`;

export class AssetSession {
  readonly assets: CollectedAsset[] = [];
  readonly report: AssetReport = { stored: [], attention: [] };
  private readonly byUrl = new Map<string, Promise<string | undefined>>();
  private total = 0;

  constructor(private readonly allowed: NetworkList) {}

  /** The stored path for `reference` (resolved against `base`), or undefined: listed, loads nowhere. */
  bring(
    reference: string,
    base: string,
    expected: Expected,
    chain: string[] = [],
  ): Promise<string | undefined> {
    let url: string;
    try {
      url = new URL(reference.trim(), base).href.replace(/#.*$/, '');
    } catch {
      this.problem(reference, 'scheme', `${reference} is not a web address`);
      return Promise.resolve(undefined);
    }
    if (expected === 'script') {
      this.problem(url, 'script', `${url} is a script: scripts of imported pages are not fetched`);
      return Promise.resolve(undefined);
    }
    // A stylesheet importing one of its importers: that one is already being brought home.
    if (chain.includes(url)) return Promise.resolve(undefined);
    const known = this.byUrl.get(url);
    if (known) return known;
    if (this.byUrl.size >= ASSET_LIMITS.count) {
      this.problem(
        url,
        'too_many',
        `${url} was not fetched: a page may bring at most ${ASSET_LIMITS.count} assets`,
      );
      return Promise.resolve(undefined);
    }
    const brought = this.fetchAndStore(url, expected, chain);
    this.byUrl.set(url, brought);
    return brought;
  }

  private async fetchAndStore(url: string, expected: Expected, chain: string[]): Promise<string | undefined> {
    try {
      const fetched = await safeFetch(url, {
        allowed: this.allowed,
        maxBytes: ASSET_LIMITS.maxBytes,
        timeoutMs: ASSET_LIMITS.timeoutMs,
      });
      const type = typeOf(fetched.contentType, fetched.url);
      if (!type && /javascript|ecmascript/.test(fetched.contentType)) {
        return this.problem(url, 'script', `${url} is a script: scripts of imported pages are not fetched`);
      }
      const kind = type ? TYPES[type]!.kind : undefined;
      const fits =
        kind !== undefined && (expected === 'image or font' ? kind !== 'stylesheet' : kind === expected);
      if (!type || !fits) {
        const what = fetched.contentType || 'of no stated type';
        return this.problem(
          url,
          'wrong_type',
          `${url} is ${what}, where ${EXPECTED_WORDS[expected]} was expected`,
        );
      }
      let bytes = fetched.bytes;
      if (kind === 'stylesheet') {
        const css = await rewriteCss(bytes.toString('utf8'), (ref, refKind) =>
          this.bring(ref, fetched.url, refKind === 'import' ? 'stylesheet' : 'image or font', [
            ...chain,
            url,
          ]),
        );
        bytes = Buffer.from(css, 'utf8');
      }
      if (this.total + bytes.length > ASSET_LIMITS.totalBytes) {
        const mb = ASSET_LIMITS.totalBytes / 1_000_000;
        return this.problem(
          url,
          'total_too_large',
          `${url} was not stored: a page's assets may be ${mb} MB in all`,
        );
      }
      this.total += bytes.length;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const asset = {
        id: randomBytes(16).toString('base64url'),
        name: `${sha256.slice(0, 12)}.${TYPES[type]!.ext}`,
        contentType: type,
        bytes,
        sha256,
        sourceUrl: url,
      };
      this.assets.push(asset);
      this.report.stored.push({ source_url: url, path: assetPath(asset), size: bytes.length });
      return assetPath(asset);
    } catch (error) {
      if (error instanceof FetchRefused) return this.problem(url, error.problem, error.message);
      throw error;
    }
  }

  problem(url: string, problem: AssetProblem, text: string): undefined {
    if (!this.report.attention.some((a) => a.source_url === url)) {
      this.report.attention.push({ source_url: url, problem, text });
    }
    return undefined;
  }
}
