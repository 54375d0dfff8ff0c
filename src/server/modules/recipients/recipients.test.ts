import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { RID_PATTERN } from '@server/lib/ids';
import { importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { createUser } from '../accounts/accounts.service';

const CSV = [
  'Email,First_Name,Language',
  'ann@example.com,Ann,de',
  'not-an-email,Bob,',
  'ANN@example.com,Ann again,',
  'cy@example.com,Cy,xx',
  ',,',
  'dee@example.com,Dee,FR',
].join('\n');

describeEachDatabase('operator API: recipients and links', (get) => {
  it('imports a CSV with a report of accepted and rejected rows, lines and reasons', async () => {
    const tenant = await newTenant(get());
    const id = await importCampaign(get(), tenant);
    const res = await importCsv(get(), tenant, id, CSV);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rows: 6,
      accepted: 2,
      rejected: [
        // The bad value is echoed: the operator sees what to fix.
        { line: 3, reason: 'email: invalid email address: "not-an-email"' },
        { line: 4, reason: 'duplicate of line 2' },
        { line: 5, reason: 'language: unknown language code: "xx"' },
        { line: 6, reason: 'needs an email or a person_id' },
      ],
    });

    // Importing the same file again adds nobody twice.
    const again = await importCsv(get(), tenant, id, CSV);
    expect(again.json<{ accepted: number; rejected: { line: number; reason: string }[] }>()).toMatchObject({
      accepted: 0,
    });
    expect(again.json<{ rejected: { line: number; reason: string }[] }>().rejected[0]).toEqual({
      line: 2,
      reason: 'email is already a recipient of this campaign',
    });
  });

  it('reads a language given as its code in any case, its English name or its own name', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const id = await importCampaign(get(), tenant);
    const people: [string, string][] = [
      ['DE', 'de'],
      ['German', 'de'],
      ['deutsch', 'de'],
      ['日本語', 'ja'],
      ['العربية', 'ar'],
      ['Cestina', 'cs'],
      ['pt-BR', 'pt'],
      ['Српски', 'sr'],
    ];
    const csv = ['email,language', ...people.map(([language], i) => `p${i}@example.com,${language}`)];
    csv.push('klingon@example.com,Klingon');
    const report = await importCsv(get(), tenant, id, csv.join('\n'));
    expect(report.json()).toEqual({
      rows: people.length + 1,
      accepted: people.length,
      rejected: [{ line: people.length + 2, reason: 'language: unknown language code: "Klingon"' }],
    });
    const links = (
      await admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/links`, headers: tenant.headers })
    ).json<{ links: { email: string; language_code: string }[] }>().links;
    const byEmail = new Map(links.map((link) => [link.email, link.language_code]));
    expect(people.map((_, i) => byEmail.get(`p${i}@example.com`))).toEqual(people.map(([, code]) => code));
  });

  it('accepts person ids, gives each recipient a fresh rid, and exports links as JSON and CSV', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const id = await importCampaign(get(), tenant);
    const other = await importCampaign(get(), tenant);
    const csv = 'person_id,first_name\nE-1,Eve\nE-2,\nE-1,dup\n';
    expect((await importCsv(get(), tenant, id, csv)).json()).toMatchObject({
      accepted: 2,
      rejected: [{ line: 4 }],
    });
    expect((await importCsv(get(), tenant, other, csv)).json()).toMatchObject({ accepted: 2 });

    const links = async (campaignId: string) =>
      (
        await admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${campaignId}/links`,
          headers: tenant.headers,
        })
      ).json<{
        links: { person_id: string; rid: string; link: string }[];
      }>().links;
    const first = await links(id);
    const second = await links(other);
    expect(first.map((l) => l.person_id)).toEqual(['E-1', 'E-2']);
    const rids = [...first, ...second].map((l) => l.rid);
    expect(new Set(rids).size).toBe(4);
    for (const link of first) {
      expect(link.rid).toMatch(RID_PATTERN);
      expect(link.link).toBe(`https://hookwise.test/phish?rid=${link.rid}`);
    }

    const res = await admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/links.csv`,
      headers: tenant.headers,
    });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(Object.keys(rows[0] ?? {}).slice(0, 3)).toEqual(['email', 'first_name', 'link']);
    expect(rows.map((r) => r.link)).toEqual(first.map((l) => l.link));
  });

  it('refuses a CSV without an identity column, a broken CSV, and imports into an ended campaign', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const id = await importCampaign(get(), tenant);
    const noColumn = await importCsv(get(), tenant, id, 'name\nAnn\n');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json()).toMatchObject({ error: { code: 'invalid_csv' } });
    expect((await importCsv(get(), tenant, id, 'email\n"unclosed\n')).json()).toMatchObject({
      error: { code: 'invalid_csv' },
    });
    await admin.inject({ method: 'POST', url: `/api/admin/campaigns/${id}/end`, headers: tenant.headers });
    const ended = await importCsv(get(), tenant, id, 'email\nlate@example.com\n');
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ error: { code: 'campaign_ended' } });
  });

  it('lists recipients a page at a time with their department, finds them, and removes one', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    const rows = ['email,first_name,department', 'ann@example.com,Ann,Finance', 'bob@example.com,Bob,Sales'];
    for (let i = 0; i < 60; i++) rows.push(`user${i}@example.com,User ${i},Finance`);
    const report = await importCsv(h, tenant, id, rows.join('\n'));
    expect(report.json()).toMatchObject({ accepted: 62, rejected: [] });
    const page = (query: string) =>
      h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/recipients${query}`,
        headers: tenant.headers,
      });

    const first = (await page('')).json<{ total: number; items: { email: string }[] }>();
    expect(first.total).toBe(62);
    expect(first.items).toHaveLength(50);
    const second = (await page('?offset=50&limit=50')).json<{ items: { email: string }[] }>();
    expect(second.items).toHaveLength(12);
    expect(new Set([...first.items, ...second.items].map((r) => r.email)).size).toBe(62);

    const sales = (await page('?q=SALES')).json<{
      total: number;
      items: { id: string; department: string }[];
    }>();
    expect(sales).toMatchObject({
      total: 1,
      items: [{ email: 'bob@example.com', department: 'Sales', first_name: 'Bob' }],
    });
    // LIKE's wildcards are searched for as text.
    expect((await page('?q=%25')).json<{ total: number }>().total).toBe(0);

    const removed = await h.admin.inject({
      method: 'DELETE',
      url: `/api/admin/campaigns/${id}/recipients/${sales.items[0]!.id}`,
      headers: tenant.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await page('?q=sales')).json<{ total: number }>().total).toBe(0);
    const again = await h.admin.inject({
      method: 'DELETE',
      url: `/api/admin/campaigns/${id}/recipients/${sales.items[0]!.id}`,
      headers: tenant.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('shows a viewer the recipients without their personal links, and refuses the links', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    await importCsv(h, tenant, id, 'email\nann@example.com');
    const email = `viewer-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'correct horse battery staple';
    await createUser(h.database.db, tenant.tenantId, { email, name: 'V', role: 'viewer', password });
    const signed = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email, password },
    });
    const cookie = signed.cookies.find((c) => c.name === 'hw_session');
    const headers = { cookie: `hw_session=${cookie?.value ?? ''}` };
    const list = (who: Record<string, string>) =>
      h.admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/recipients`, headers: who });
    const seen = (await list(headers)).json<{ items: { email: string; rid: string | null }[] }>().items;
    expect(seen).toEqual([expect.objectContaining({ email: 'ann@example.com', rid: null })]);
    const operator = (await list(tenant.headers)).json<{ items: { rid: string | null }[] }>().items;
    expect(operator[0]?.rid).toMatch(RID_PATTERN);
    for (const url of [`/api/admin/campaigns/${id}/links`, `/api/admin/campaigns/${id}/links.csv`]) {
      const refused = await h.admin.inject({ method: 'GET', url, headers });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toMatch(/rid=/);
    }
  });
});
