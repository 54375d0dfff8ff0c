/**
 * Reviewer links from the operator API: minted for chosen or all pending reported URLs, they work
 * on /api/decisions and /api/submit; revoked, they are refused at once (also from another app on
 * the same database, as another instance would be); viewers may list but not mint or revoke.
 */
import { expect, it } from 'vitest';
import type { ReviewerLink } from '@shared/dashboard';
import { buildApp } from '@server/app';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, testConfig, type Harness } from '@server/test/harness';
import { createUser } from '../accounts/accounts.service';

const PASSWORD = 'correct horse battery staple';

function useToken(h: Harness, token: string, url: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/submit',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ url, decision: 'TP' }),
  });
}

async function viewerHeaders(h: Harness, tenantId: string) {
  const email = `viewer-${Math.random().toString(36).slice(2)}@example.com`;
  await createUser(h.database.db, tenantId, { email, name: 'Viewer', role: 'viewer', password: PASSWORD });
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password: PASSWORD },
  });
  const cookie = `hw_session=${res.cookies.find((c) => c.name === 'hw_session')!.value}`;
  return { cookie, 'x-csrf-token': res.json<{ csrf_token: string }>().csrf_token };
}

describeEachDatabase('operator API: reviewer links', (get) => {
  it('mints a link for every pending URL that works on /api/submit until it is revoked', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const report = (urls: string[]) =>
      h.admin.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: tenant.headers,
        payload: { urls, reporter: 'ann@example.com' },
      });
    await report(['https://a.example/', 'https://b.example/']);
    await report(['https://a.example/']);
    const minted = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/reviewer-links',
      headers: tenant.headers,
      payload: { pending: true, reviewer: 'Rita', expires_in_hours: 2 },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const link = minted.json<ReviewerLink & { url: string }>();
    expect(link).toMatchObject({
      reviewer: 'Rita',
      urls: ['https://a.example/', 'https://b.example/'],
      state: 'active',
    });
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(7100_000);
    const token = new URL(link.url).searchParams.get('p')!;
    expect(link.url.startsWith('https://hookwise.test/poll?p=')).toBe(true);

    const decisions = await h.app.inject({
      method: 'GET',
      url: '/api/decisions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(decisions.statusCode).toBe(200);
    expect((await useToken(h, token, 'https://a.example/')).statusCode).toBe(200);

    // The queue shows the decision; the history has it with its link.
    const queue = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/reports', headers: tenant.headers })
    ).json<{
      reports: { url: string; report_count: number; decision: string | null; reporter: string | null }[];
    }>();
    expect(queue.reports).toMatchObject([
      { url: 'https://a.example/', report_count: 2, decision: 'TP', reporter: 'ann@example.com' },
      { url: 'https://b.example/', report_count: 1, decision: null },
    ]);
    const history = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/reports/history?url=${encodeURIComponent('https://a.example/')}`,
      headers: tenant.headers,
    });
    expect(history.json()).toMatchObject({
      url: 'https://a.example/',
      current: 'TP',
      decisions: [{ decision: 'TP', reviewer: 'Rita', link: link.id }],
    });

    // Another tenant learns nothing about the URL: the plain 404 of an unknown object.
    const stranger = await newTenant(h, 'Stranger');
    const foreignHistory = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/reports/history?url=${encodeURIComponent('https://a.example/')}`,
      headers: stranger.headers,
    });
    expect(foreignHistory.statusCode).toBe(404);

    const revoked = await h.admin.inject({
      method: 'DELETE',
      url: `/api/admin/reviewer-links/${link.id}`,
      headers: tenant.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await useToken(h, token, 'https://b.example/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'token_revoked' } });
    const refusedRead = await h.app.inject({
      method: 'GET',
      url: '/api/decisions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refusedRead.statusCode).toBe(401);
    // Another instance on the same database refuses it too: nothing is kept per process.
    const other = await buildApp(
      { config: testConfig(), database: h.database },
      { logger: { level: 'silent' } },
    );
    try {
      expect((await useToken({ ...h, app: other }, token, 'https://b.example/')).statusCode).toBe(401);
    } finally {
      await other.close();
    }

    const list = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/reviewer-links', headers: tenant.headers })
    ).json<{ links: ReviewerLink[] }>();
    expect(list.links).toMatchObject([
      { id: link.id, state: 'revoked', reviewer: 'Rita', revoked_at: expect.any(String) },
    ]);
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('lets a viewer list links but not mint or revoke; another tenant cannot revoke', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const minted = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/reviewer-links',
      headers: tenant.headers,
      payload: { urls: ['https://c.example/'], reviewer: 'Rob' },
    });
    expect(minted.statusCode).toBe(201);
    const { id } = minted.json<ReviewerLink>();
    const viewer = await viewerHeaders(h, tenant.tenantId);
    const listed = await h.admin.inject({ method: 'GET', url: '/api/admin/reviewer-links', headers: viewer });
    expect(listed.json<{ links: ReviewerLink[] }>().links.map((l) => l.id)).toEqual([id]);
    const mint = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/reviewer-links',
      headers: viewer,
      payload: { urls: ['https://c.example/'], reviewer: 'Rob' },
    });
    expect(mint.statusCode).toBe(403);
    const revoke = await h.admin.inject({
      method: 'DELETE',
      url: `/api/admin/reviewer-links/${id}`,
      headers: viewer,
    });
    expect(revoke.statusCode).toBe(403);
    const stranger = await newTenant(h, 'Other');
    const foreign = await h.admin.inject({
      method: 'DELETE',
      url: `/api/admin/reviewer-links/${id}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
