import { expect, it } from 'vitest';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';

describeEachDatabase('operator API: authentication and keys', (get) => {
  it('answers 401 JSON without a key, with a wrong key, and with a malformed header', async () => {
    const { admin } = get();
    for (const authorization of [undefined, 'Bearer hw_nope_nope', 'Basic abc', 'Bearer ']) {
      const res = await admin.inject({
        method: 'GET',
        url: '/api/admin/campaigns',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: { code: expect.stringMatching(/unauthorized|invalid_api_key/) },
      });
    }
  });

  it('lists keys by prefix, creates another, and a revoked key stops working', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const list = await admin.inject({ method: 'GET', url: '/api/admin/keys', headers: tenant.headers });
    expect(list.statusCode).toBe(200);
    const keys = list.json<{ keys: { prefix: string; revoked_at: string | null }[] }>().keys;
    expect(keys).toHaveLength(1);
    expect(tenant.apiKey).toContain(keys[0]?.prefix);
    expect(list.body).not.toContain(tenant.apiKey);

    const created = await admin.inject({ method: 'POST', url: '/api/admin/keys', headers: tenant.headers });
    expect(created.statusCode).toBe(201);
    const second = created.json<{ api_key: string; prefix: string }>();
    const secondHeaders = { authorization: `Bearer ${second.api_key}` };
    expect(
      (await admin.inject({ method: 'GET', url: '/api/admin/keys', headers: secondHeaders })).statusCode,
    ).toBe(200);

    // Only the hash is stored.
    const stored = await get().database.db.selectFrom('api_keys').select('key_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(second.api_key);

    const revoke = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/keys/${second.prefix}`,
      headers: tenant.headers,
    });
    expect(revoke.statusCode).toBe(204);
    const after = await admin.inject({ method: 'GET', url: '/api/admin/keys', headers: secondHeaders });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
    const again = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/keys/${second.prefix}`,
      headers: tenant.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await get().admin.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/admin/campaigns',
      '/api/admin/campaigns/{id}',
      '/api/admin/campaigns/{id}/end',
      '/api/admin/campaigns/{id}/recipients',
      '/api/admin/campaigns/{id}/links',
      '/api/admin/campaigns/{id}/links.csv',
      '/api/admin/campaigns/{id}/results',
      '/api/admin/campaigns/{id}/results.csv',
      '/api/admin/reports',
      '/api/admin/reports/{id}',
      '/api/admin/malicious-urls',
      '/api/admin/keys',
      '/api/admin/keys/{prefix}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    // The import body is the campaign-file schema itself: its fields and required ones appear.
    const body = doc.paths['/api/admin/campaigns']?.post?.requestBody?.content['application/json']
      ?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['name', 'phishing', 'awareness', 'sei']),
    );
    expect(body.required).toEqual(expect.arrayContaining(['name', 'phishing', 'awareness']));
    expect(doc.paths['/api/admin/campaigns/{id}/recipients']?.post?.requestBody?.content).toHaveProperty([
      'text/csv',
    ]);
  });
});
