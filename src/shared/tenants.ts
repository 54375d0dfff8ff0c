/**
 * Tenants and their API keys, as /api/admin/keys answers and `hookwise tenant … --json` prints
 * them (one file per area: see admin-api.ts). A key is listed by its prefix only; the key itself
 * is shown once, when it is made.
 */
import { z } from 'zod';

export const apiKeySchema = z.object({
  prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/admin/keys; `hookwise tenant keys --json` prints the array. */
export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema) });

/** POST /api/admin/keys, `hookwise tenant add-key --json`. */
export const createdApiKeySchema = z.object({ api_key: z.string(), prefix: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** DELETE /api/admin/keys/:prefix */
export const apiKeyParamsSchema = z.object({ prefix: z.string().min(1).max(100) });

/** `hookwise tenant revoke-key --json` */
export const revokedApiKeySchema = z.object({ revoked: z.string() });
export type RevokedApiKey = z.infer<typeof revokedApiKeySchema>;

/** `hookwise tenant list --json` prints an array of these. */
export const tenantSummarySchema = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
export type TenantSummary = z.infer<typeof tenantSummarySchema>;

/** `hookwise tenant create --json`: the tenant and its first API key (shown once). */
export const createdTenantSchema = z.object({ tenant_id: z.string(), name: z.string(), api_key: z.string() });
export type CreatedTenant = z.infer<typeof createdTenantSchema>;

/**
 * GET and PUT /api/admin/settings/egress-networks, `hookwise tenant egress-networks --json`: the
 * networks the tenant declares as its own offices and gateways (CIDR ranges; a bare address is
 * stored as /32 or /128). Fan-out from them never judges a visit alone (docs/clicks.md).
 */
export const egressNetworksSchema = z.object({
  networks: z
    .array(z.string().trim().max(100))
    .max(200)
    .describe('CIDR ranges such as 203.0.113.0/24 or 2001:db8::/48; a bare address is taken as one host'),
});
export type EgressNetworks = z.infer<typeof egressNetworksSchema>;
