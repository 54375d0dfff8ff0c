import { expect, it } from 'vitest';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';

describeEachDatabase('operator API: malicious URLs', (get) => {
  it('imports (normalised, idempotent), lists, exports one per line and removes', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const other = await newTenant(get());
    const post = (urls: string[]) =>
      admin.inject({
        method: 'POST',
        url: '/api/admin/malicious-urls',
        headers: tenant.headers,
        payload: { urls },
      });

    expect((await post(['HTTPS://Bad.example/x#frag', 'http://worse.example:80/'])).json()).toEqual({
      received: 2,
      added: 2,
    });
    expect((await post(['https://bad.example/x', 'https://new.example/'])).json()).toEqual({
      received: 2,
      added: 1,
    });

    const list = await admin.inject({
      method: 'GET',
      url: '/api/admin/malicious-urls',
      headers: tenant.headers,
    });
    expect(list.json<{ urls: { url: string; source: string }[] }>().urls).toEqual([
      expect.objectContaining({ url: 'http://worse.example/', source: 'import' }),
      expect.objectContaining({ url: 'https://bad.example/x' }),
      expect.objectContaining({ url: 'https://new.example/' }),
    ]);
    const otherList = await admin.inject({
      method: 'GET',
      url: '/api/admin/malicious-urls',
      headers: other.headers,
    });
    expect(otherList.json()).toEqual({ urls: [] });

    const text = await admin.inject({
      method: 'GET',
      url: '/api/admin/malicious-urls.txt',
      headers: tenant.headers,
    });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe('http://worse.example/\nhttps://bad.example/x\nhttps://new.example/\n');

    const remove = (url: string, t = tenant) =>
      admin.inject({
        method: 'DELETE',
        url: `/api/admin/malicious-urls?url=${encodeURIComponent(url)}`,
        headers: t.headers,
      });
    expect((await remove('https://new.example/', other)).statusCode).toBe(404);
    expect((await remove('HTTPS://NEW.example/')).statusCode).toBe(204);
    expect((await remove('https://new.example/')).statusCode).toBe(404);
  });

  it('rejects a list with a non-http URL and adds nothing', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/malicious-urls',
      headers: tenant.headers,
      payload: { urls: ['https://ok.example/', 'ftp://files.example/'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_url' } });
    const list = await admin.inject({
      method: 'GET',
      url: '/api/admin/malicious-urls',
      headers: tenant.headers,
    });
    expect(list.json()).toEqual({ urls: [] });
  });
});
