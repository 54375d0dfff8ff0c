/** Who is calling the operator API: an API key in `Authorization: Bearer …` names one tenant. */
import { bearerCredential } from '@server/lib/bearer';
import { unauthorized } from '@server/lib/errors';
import { tenantForApiKey } from '../tenants/tenants.service';
import type { Db } from '@server/db/schema';

/** The tenant of the API key in an Authorization header; a 401 for a missing, revoked or unknown key. */
export async function authenticateApiKey(db: Db, authorization: string | undefined) {
  const apiKey = bearerCredential(authorization);
  if (!apiKey) throw unauthorized('Missing API key: send Authorization: Bearer <api key>');
  const key = await tenantForApiKey(db, apiKey);
  if (!key) throw unauthorized('Invalid or revoked API key', 'invalid_api_key');
  return { tenantId: key.tenant_id, prefix: key.prefix };
}
