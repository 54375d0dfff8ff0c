import { expect, it } from 'vitest';
import { newId, nowIso } from '@server/lib/ids';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { pendingReportedUrls } from './reported-urls.repository';

describeEachDatabase('operator API: reported URLs', (get) => {
  it('normalises and de-duplicates reported URLs per tenant, counting reports', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const other = await newTenant(get());
    const post = (t: typeof tenant, urls: string[]) =>
      admin.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: t.headers,
        payload: { urls, reporter: 'ann' },
      });

    const first = await post(tenant, [
      '  HTTPS://Login.EXAMPLE.com:443/reset?x=1#top ',
      'http://evil.example:80/',
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      reported: [
        { url: 'https://login.example.com/reset?x=1', report_count: 1, new: true },
        { url: 'http://evil.example/', report_count: 1, new: true },
      ],
    });
    const second = await post(tenant, ['https://login.example.com/reset?x=1']);
    expect(second.json()).toMatchObject({ reported: [{ report_count: 2, new: false }] });
    await post(other, ['https://login.example.com/reset?x=1']);

    const list = await admin.inject({ method: 'GET', url: '/api/admin/reports', headers: tenant.headers });
    const reports = list.json<{
      reports: { url: string; report_count: number; last_reported_at: string; first_reported_at: string }[];
    }>().reports;
    // Both first reported at the same instant: ordered by URL then.
    expect(reports.map((r) => [r.url, r.report_count])).toEqual([
      ['http://evil.example/', 1],
      ['https://login.example.com/reset?x=1', 2],
    ]);
    expect(reports[1]!.last_reported_at >= reports[1]!.first_reported_at).toBe(true);
  });

  it('keeps every reporter of a URL, counted, first reporter first, and forgets them on dismissal', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const other = await newTenant(get());
    const report = (t: typeof tenant, reporter?: string) =>
      admin.inject({
        method: 'POST',
        url: '/api/admin/reports',
        headers: t.headers,
        payload: { urls: ['https://reset.example/login'], ...(reporter ? { reporter } : {}) },
      });
    await report(tenant, 'ann@example.com');
    await report(tenant, 'bob@example.com');
    await report(tenant, 'ann@example.com');
    await report(tenant);
    await report(other, 'eve@example.com');

    const list = async () =>
      (await admin.inject({ method: 'GET', url: '/api/admin/reports', headers: tenant.headers })).json<{
        reports: {
          id: string;
          reporter: string | null;
          report_count: number;
          reporters: { reporter: string; report_count: number }[];
        }[];
      }>().reports;
    const [row] = await list();
    expect(row).toMatchObject({
      reporter: 'ann@example.com',
      report_count: 4,
      reporters: [
        { reporter: 'ann@example.com', report_count: 2 },
        { reporter: 'bob@example.com', report_count: 1 },
      ],
    });

    const dismissed = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/reports/${row!.id}`,
      headers: tenant.headers,
    });
    expect(dismissed.statusCode).toBe(204);
    await report(tenant, 'carol@example.com');
    const [again] = await list();
    // Reported afresh after dismissal: only the new reporter, the old ones are gone.
    expect(again).toMatchObject({
      reporter: 'carol@example.com',
      report_count: 1,
      reporters: [{ reporter: 'carol@example.com', report_count: 1 }],
    });
  });

  it('rejects the whole request when one URL is not http(s), recording nothing', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/reports',
      headers: tenant.headers,
      payload: { urls: ['https://fine.example/', 'javascript:alert(1)'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'invalid_url', message: expect.stringContaining('urls.1') },
    });
    const empty = await admin.inject({
      method: 'POST',
      url: '/api/admin/reports',
      headers: tenant.headers,
      payload: { urls: [] },
    });
    expect(empty.statusCode).toBe(400);
    const list = await admin.inject({ method: 'GET', url: '/api/admin/reports', headers: tenant.headers });
    expect(list.json<{ reports: unknown[] }>().reports).toEqual([]);
  });

  it('lists pending URLs (no review yet) and dismisses one', async () => {
    const { admin, database } = get();
    const tenant = await newTenant(get());
    await admin.inject({
      method: 'POST',
      url: '/api/admin/reports',
      headers: tenant.headers,
      payload: { urls: ['https://a.example/', 'https://b.example/', 'https://c.example/'] },
    });
    await database.db
      .insertInto('url_reviews')
      .values({
        id: newId(),
        tenant_id: tenant.tenantId,
        url: 'https://b.example/',
        decision: 'TP',
        jti: 'j',
        reviewer: null,
        created_at: nowIso(),
      })
      .execute();
    expect(await pendingReportedUrls(database.db, tenant.tenantId)).toEqual([
      'https://a.example/',
      'https://c.example/',
    ]);

    const pending = await admin.inject({
      method: 'GET',
      url: '/api/admin/reports?pending=true',
      headers: tenant.headers,
    });
    const rows = pending.json<{ reports: { id: string; url: string }[] }>().reports;
    expect(rows.map((r) => r.url)).toEqual(['https://a.example/', 'https://c.example/']);
    const all = await admin.inject({ method: 'GET', url: '/api/admin/reports', headers: tenant.headers });
    expect(
      all
        .json<{ reports: { url: string; decision: string | null }[] }>()
        .reports.find((r) => r.url === 'https://b.example/'),
    ).toMatchObject({ decision: 'TP' });

    const dismiss = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/reports/${rows[0]!.id}`,
      headers: tenant.headers,
    });
    expect(dismiss.statusCode).toBe(204);
    expect(await pendingReportedUrls(database.db, tenant.tenantId)).toEqual(['https://c.example/']);
  });
});
