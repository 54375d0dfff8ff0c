/**
 * A landing page's assets brought home: POST /api/admin/campaigns/:id/import-site (and
 * `hookwise campaign import-site`), and the part of a GoPhish import that fetches a cloned
 * page's stylesheets, images and fonts. The report says what was stored and, in words the
 * console translates (`problem.<code>`), what was not and why.
 */
import { z } from 'zod';
import { campaignSummarySchema } from './admin-api';

/** Why an asset (or the page) was not brought home. */
export const ASSET_PROBLEMS = [
  /** Only http and https are fetched. */
  'scheme',
  /** The host is, or resolves to, a loopback, private, link-local or metadata address. */
  'private_address',
  /** The host has no address. */
  'unresolved',
  'unreachable',
  'timeout',
  'too_many_redirects',
  /** The site answered with an error status. */
  'http_status',
  /** Larger than one asset may be. */
  'too_large',
  /** The page's assets together exceed what one import may store. */
  'total_too_large',
  /** The page refers to more assets than one import may store. */
  'too_many',
  /** Not a stylesheet, an image or a font (an HTML page where an image was meant, say). */
  'wrong_type',
  /** A script: cloned pages' scripts are never fetched. */
  'script',
] as const;
export type AssetProblem = (typeof ASSET_PROBLEMS)[number];

export const assetReportSchema = z.object({
  /** Each asset stored: where it came from and the path it is served at now. */
  stored: z.array(z.object({ source_url: z.string(), path: z.string(), size: z.number().int() })),
  /** Each reference left pointing nowhere, and why. */
  attention: z.array(z.object({ source_url: z.string(), problem: z.enum(ASSET_PROBLEMS), text: z.string() })),
});
export type AssetReport = z.infer<typeof assetReportSchema>;

export const importSiteSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe('the page to import, as the real site serves it (http or https)'),
});
export type ImportSite = z.infer<typeof importSiteSchema>;

/** The answer, and `hookwise campaign import-site --json`. */
export const importSiteResultSchema = z.object({
  campaign: campaignSummarySchema,
  report: assetReportSchema,
});
export type ImportSiteResult = z.infer<typeof importSiteResultSchema>;

/** GET /assets/p/:id/:name: the asset's random id and its generated name. */
export const assetParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  name: z.string().regex(/^[a-f0-9]{12}\.[a-z0-9]{2,5}$/),
});
