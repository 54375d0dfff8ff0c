/**
 * The tenant's malicious-URL database (/api/admin/malicious-urls, `hookwise malicious-urls …`):
 * its entries, the import and its answer, and the URL-list file format (one file per area: see
 * admin-api.ts).
 */
import { z } from 'zod';

/** Where a malicious-URL database entry came from: an operator's import, or a reviewer's TP. */
export const MALICIOUS_URL_SOURCES = ['import', 'review'] as const;
export type MaliciousUrlSource = (typeof MALICIOUS_URL_SOURCES)[number];

export const maliciousUrlSchema = z.object({
  url: z.string(),
  source: z.enum(MALICIOUS_URL_SOURCES),
  created_at: z.string(),
});
export type MaliciousUrl = z.infer<typeof maliciousUrlSchema>;

/** GET /api/admin/malicious-urls; `hookwise malicious-urls list --json` prints the array. */
export const maliciousUrlsSchema = z.object({ urls: z.array(maliciousUrlSchema) });

/** POST /api/admin/malicious-urls: normalised; already known ones are kept. */
export const maliciousUrlsImportSchema = z.object({
  urls: z.array(z.string().min(1).max(4096)).min(1).max(100_000),
});

/** The import's answer, and `hookwise malicious-urls import --json`. */
export const maliciousUrlsImportedSchema = z.object({ received: z.number().int(), added: z.number().int() });
export type MaliciousUrlsImported = z.infer<typeof maliciousUrlsImportedSchema>;

/** DELETE /api/admin/malicious-urls?url= */
export const maliciousUrlQuerySchema = z.object({ url: z.string().min(1).max(4096) });

/**
 * The URL-list file (`malicious-urls import|export`) as JSON: an array of strings. The plain
 * form is one URL per line, blank lines and `#` comments ignored.
 */
export const urlListFileSchema = z.array(z.string());
