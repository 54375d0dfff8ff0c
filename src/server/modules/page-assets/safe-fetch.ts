/**
 * Fetching a page or an asset from a site the operator names, without becoming a way into the
 * network Hookwise runs in: http and https only; the host's addresses are resolved first and
 * any loopback, private, link-local (the cloud metadata address among them), CGNAT, multicast or
 * unique-local one is refused unless IMPORT_SITE_ALLOW_PRIVATE; the connection goes to the
 * address that was checked (no second lookup a rebinding DNS server could answer differently);
 * at most 3 redirects, each checked the same way; a time limit and a size limit per fetch.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AssetProblem } from '@shared/page-assets';
import { type NetworkList, parseAddress } from '@server/lib/network-list';

export interface FetchLimits {
  /** The ranges beyond the public internet that may be fetched from (IMPORT_SITE_ALLOW_PRIVATE). */
  allowed: NetworkList;
  /** Bytes one answer may have. */
  maxBytes: number;
  timeoutMs: number;
}

export interface Fetched {
  /** The address finally fetched, after any redirects. */
  url: string;
  /** The media type alone, lowercased ('' when the site sent none). */
  contentType: string;
  bytes: Buffer;
}

/** A fetch that did not happen, or did not finish, with the reason in words. */
export class FetchRefused extends Error {
  constructor(
    readonly problem: AssetProblem,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const MAX_REDIRECTS = 3;

/** Only addresses on the public internet: ipaddr.js calls them 'unicast'. */
function isPublic(address: string): boolean {
  return parseAddress(address)?.range() === 'unicast';
}

async function checkedAddress(
  host: string,
  allowed: NetworkList,
): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(bare)) {
    addresses = [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch {
      throw new FetchRefused('unresolved', `${host} has no address`);
    }
  }
  if (addresses.length === 0) throw new FetchRefused('unresolved', `${host} has no address`);
  // Every address is checked: one public address beside a private one is no way round.
  const inside = addresses.find((a) => !isPublic(a.address) && allowed.match(a.address) === null);
  if (inside) {
    throw new FetchRefused(
      'private_address',
      `${host} is at ${inside.address}, a loopback, private or link-local address, which Hookwise does not fetch from`,
    );
  }
  return addresses[0]!;
}

/** One GET to a checked address; a redirect's target is returned, not followed. */
function getOnce(
  url: URL,
  pinned: { address: string; family: number },
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<Fetched | { redirect: string }> {
  // The connection goes to the checked address; TLS still checks the certificate for the host.
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: pinnedLookup, signal, headers: { accept: '*/*', 'user-agent': 'Hookwise site import' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolve({ redirect: new URL(location, url).href });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new FetchRefused('http_status', `${url.href} answered ${status}`));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          response.destroy();
          reject(tooLarge(url, limits));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(tooLarge(url, limits));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          resolve({ url: url.href, contentType: type, bytes: Buffer.concat(chunks) });
        });
      },
    );
    request.on('error', reject);
  });
}

const tooLarge = (url: URL, limits: FetchLimits) =>
  new FetchRefused('too_large', `${url.href} is larger than ${Math.round(limits.maxBytes / 1_000_000)} MB`);

export async function safeFetch(address: string, limits: FetchLimits): Promise<Fetched> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = address;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new FetchRefused('scheme', `${current} is not a web address`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchRefused('scheme', `${current} is not an http or https address`);
    }
    const pinned = await checkedAddress(url.hostname, limits.allowed);
    let answer: Fetched | { redirect: string };
    try {
      answer = await getOnce(url, pinned, limits, signal);
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      if (signal.aborted) {
        throw new FetchRefused(
          'timeout',
          `${url.href} did not answer within ${limits.timeoutMs / 1000} seconds`,
        );
      }
      throw new FetchRefused('unreachable', `${url.href} could not be reached`);
    }
    if (!('redirect' in answer)) return answer;
    current = answer.redirect;
  }
  throw new FetchRefused('too_many_redirects', `${address} redirects more than ${MAX_REDIRECTS} times`);
}
