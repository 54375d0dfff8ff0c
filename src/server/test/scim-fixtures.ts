/** Fixtures for SCIM tests: a tenant's SCIM token minted through the operator API, and requests as a directory sends them. */
import type { LightMyRequestResponse } from 'fastify';
import type { Harness } from './harness';
import type { TestTenant } from './admin-fixtures';

export interface ScimClient {
  token: string;
  prefix: string;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

export async function scimClient(h: Harness, tenant: TestTenant): Promise<ScimClient> {
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/settings/scim/token',
    headers: tenant.headers,
  });
  if (res.statusCode !== 201) throw new Error(`SCIM token not minted: ${res.body}`);
  const { token, prefix } = res.json<{ token: string; prefix: string }>();
  return {
    token,
    prefix,
    request: (method, url, payload) =>
      h.admin.inject({
        method,
        url: `/scim/v2${url}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/scim+json' } : {}),
        },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      }),
  };
}
