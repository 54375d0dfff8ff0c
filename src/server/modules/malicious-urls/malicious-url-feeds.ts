/**
 * The feeds' bytes, built from the tenant's URLs alone: no clock, no randomness, so the same list
 * gives the same bytes (the API and the CLI agree, and a consumer pulling again sees no churn).
 */
import {
  FEED_CSV_COLUMNS,
  type FeedFormat,
  type MispAttribute,
  type MispEvent,
  type StixBundle,
  type StixIndicator,
} from '@shared/malicious-url-feeds';
import type { MaliciousUrl } from '@shared/malicious-urls';
import { csvText } from '@server/lib/csv';
import { uuidV5 } from '@server/lib/uuid-v5';

export interface FeedTenant {
  id: string;
  name: string;
  created_at: string;
}

export interface FeedDocument {
  contentType: string;
  body: string;
}

/**
 * The host a proxy or resolver sees: WHATWG's parser lowercases it and writes IDNs in punycode;
 * an IPv6 address loses its brackets, a fully qualified name its final dot.
 */
export function hostOf(url: string): string {
  const host = new URL(url).hostname;
  return host.startsWith('[') ? host.slice(1, -1) : host.replace(/\.$/, '');
}

/** One URL per line, or each host once (sorted); no comments, nothing else a proxy could misread. */
export function blocklist(rows: readonly MaliciousUrl[], as: 'url' | 'host'): string {
  const lines =
    as === 'url' ? rows.map((row) => row.url) : [...new Set(rows.map((r) => hostOf(r.url)))].sort();
  return lines.map((line) => `${line}\n`).join('');
}

export function feedCsv(rows: readonly MaliciousUrl[]): string {
  const records = rows.map((row) => ({
    url: row.url,
    host: hostOf(row.url),
    source: row.source,
    added_at: row.created_at,
  }));
  return csvText(records, [...FEED_CSV_COLUMNS]);
}

/** A STIX string literal's body: `\` and `'` escaped with a backslash (STIX 2.1 Patterning). */
export function stixString(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** STIX 2.1 timestamps in the feed: UTC, milliseconds, `Z`. */
function stixTime(iso: string): string {
  return new Date(iso).toISOString();
}

export function stixBundle(tenant: FeedTenant, rows: readonly MaliciousUrl[], version: number): StixBundle {
  const identityId = `identity--${uuidV5(`stix identity\n${tenant.id}`)}`;
  const tenantTime = stixTime(tenant.created_at);
  const indicators = rows.map((row): StixIndicator => ({
    type: 'indicator',
    spec_version: '2.1',
    id: `indicator--${uuidV5(`stix indicator\n${tenant.id}\n${row.url}`)}`,
    created_by_ref: identityId,
    created: stixTime(row.created_at),
    modified: stixTime(row.created_at),
    name: `Malicious URL: ${row.url}`,
    indicator_types: ['malicious-activity'],
    pattern: `[url:value = '${stixString(row.url)}']`,
    pattern_type: 'stix',
    pattern_version: '2.1',
    valid_from: stixTime(row.created_at),
  }));
  return {
    type: 'bundle',
    id: `bundle--${uuidV5(`stix bundle\n${tenant.id}\n${version}`)}`,
    objects: [
      {
        type: 'identity',
        spec_version: '2.1',
        id: identityId,
        created: tenantTime,
        modified: tenantTime,
        name: `${tenant.name} (Hookwise)`,
        identity_class: 'organization',
      },
      ...indicators,
    ],
  };
}

const unixSeconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

/** `changedAt`: the list's last change (the event's date and timestamp); the tenant's creation if none. */
export function mispEvent(tenant: FeedTenant, rows: readonly MaliciousUrl[], changedAt: string): MispEvent {
  const attributes = rows.map((row): MispAttribute => ({
    type: 'url',
    category: 'Network activity',
    to_ids: true,
    value: row.url,
    uuid: uuidV5(`misp attribute\n${tenant.id}\n${row.url}`),
    timestamp: unixSeconds(row.created_at),
    comment: row.source === 'review' ? 'Marked a true positive by a Hookwise reviewer' : 'Imported',
  }));
  return {
    Event: {
      uuid: uuidV5(`misp event\n${tenant.id}`),
      info: `Hookwise malicious URLs: ${tenant.name}`,
      date: changedAt.slice(0, 10),
      timestamp: unixSeconds(changedAt),
      threat_level_id: '2',
      analysis: '2',
      distribution: '0',
      published: true,
      Orgc: { name: tenant.name, uuid: uuidV5(`misp org\n${tenant.id}`) },
      Attribute: attributes,
    },
  };
}

/**
 * The document of one format. JSON is compact (a large list is half the bytes) and ends with a
 * newline like every text file.
 */
export function feedDocument(
  format: FeedFormat,
  tenant: FeedTenant,
  rows: readonly MaliciousUrl[],
  change: { version: number; changed_at: string },
): FeedDocument {
  switch (format) {
    case 'blocklist':
    case 'hosts':
      return {
        contentType: 'text/plain; charset=utf-8',
        body: blocklist(rows, format === 'hosts' ? 'host' : 'url'),
      };
    case 'csv':
      return { contentType: 'text/csv; charset=utf-8', body: feedCsv(rows) };
    case 'stix':
      return {
        contentType: 'application/stix+json;version=2.1',
        body: `${JSON.stringify(stixBundle(tenant, rows, change.version))}\n`,
      };
    case 'misp':
      return {
        contentType: 'application/json; charset=utf-8',
        body: `${JSON.stringify(mispEvent(tenant, rows, change.changed_at))}\n`,
      };
  }
}
