/**
 * Feeds out of the tenant's malicious-URL database (/api/admin/feeds/…, `hookwise malicious-urls
 * feed`): the formats, the blocklist's query, and the STIX 2.1 and MISP documents as they leave
 * Hookwise (one file per area: see admin-api.ts).
 */
import { z } from 'zod';

/** `--format` of `hookwise malicious-urls feed`; each is one of the routes below. */
export const FEED_FORMATS = ['blocklist', 'hosts', 'csv', 'stix', 'misp'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** GET /api/admin/feeds/blocklist.txt?as=url|host (url: the `blocklist` format, host: `hosts`). */
export const blocklistQuerySchema = z.object({ as: z.enum(['url', 'host']).default('url') });

/** The CSV feed's columns, in order. */
export const FEED_CSV_COLUMNS = ['url', 'host', 'source', 'added_at'] as const;

const stixTimestamp = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

export const stixIdentitySchema = z.object({
  type: z.literal('identity'),
  spec_version: z.literal('2.1'),
  id: z.string().startsWith('identity--'),
  created: stixTimestamp,
  modified: stixTimestamp,
  name: z.string(),
  identity_class: z.literal('organization'),
});

export const stixIndicatorSchema = z.object({
  type: z.literal('indicator'),
  spec_version: z.literal('2.1'),
  id: z.string().startsWith('indicator--'),
  created_by_ref: z.string().startsWith('identity--'),
  created: stixTimestamp,
  modified: stixTimestamp,
  name: z.string(),
  indicator_types: z.tuple([z.literal('malicious-activity')]),
  pattern: z.string(),
  pattern_type: z.literal('stix'),
  pattern_version: z.literal('2.1'),
  valid_from: stixTimestamp,
});

/** GET /api/admin/feeds/stix.json: the producer first, then one indicator per URL. */
export const stixBundleSchema = z.object({
  type: z.literal('bundle'),
  id: z.string().startsWith('bundle--'),
  objects: z.array(z.union([stixIdentitySchema, stixIndicatorSchema])),
});
export type StixBundle = z.infer<typeof stixBundleSchema>;
export type StixIndicator = z.infer<typeof stixIndicatorSchema>;

export const mispAttributeSchema = z.object({
  type: z.literal('url'),
  category: z.literal('Network activity'),
  to_ids: z.literal(true),
  value: z.string(),
  uuid: z.string().uuid(),
  /** Unix seconds, as a string: MISP's own export writes it so. */
  timestamp: z.string(),
  comment: z.string(),
});

/** GET /api/admin/feeds/misp.json: one event holding every URL, as MISP's event import reads it. */
export const mispEventSchema = z.object({
  Event: z.object({
    uuid: z.string().uuid(),
    info: z.string(),
    date: z.string(),
    timestamp: z.string(),
    /** 1 high … 4 undefined; 2 medium. */
    threat_level_id: z.string(),
    /** 0 initial, 1 ongoing, 2 completed. */
    analysis: z.string(),
    /** 0: this organisation only; the MISP operator widens it when sharing. */
    distribution: z.string(),
    published: z.boolean(),
    Orgc: z.object({ name: z.string(), uuid: z.string().uuid() }),
    Attribute: z.array(mispAttributeSchema),
  }),
});
export type MispEvent = z.infer<typeof mispEventSchema>;
export type MispAttribute = z.infer<typeof mispAttributeSchema>;
