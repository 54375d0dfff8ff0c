import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { RecipientLink } from '@shared/admin-api';
import type { GophishImportResult } from '@shared/gophish-import';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';

const gophish = (name: string): unknown[] =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')) as unknown[];

describeEachDatabase("a GoPhish landing page's variables, served to the recipient", (get) => {
  it('fills the name, address and rid, escaped for text and attributes', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const group = {
      id: 3,
      name: 'Clerks',
      targets: [
        { email: 'jana.novak@corp.example', first_name: 'Jana', last_name: 'Novak', position: 'Clerk' },
        {
          email: 'eve@corp.example',
          first_name: '<script>x()</script>',
          last_name: '"><b>',
          position: "O'Neil & Co",
        },
      ],
      modified_date: '2024-03-01T10:00:00.123456789Z',
    };
    const imported = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/import/gophish',
      headers: tenant.headers,
      payload: { template: gophish('templates.json')[0], page: gophish('pages.json')[0], group },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const id = imported.json<GophishImportResult>().campaigns[0]!.campaign.id;
    const launch = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: tenant.headers,
      payload: {},
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const { links } = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/links`,
        headers: tenant.headers,
      })
    ).json<{ links: RecipientLink[] }>();
    const rid = (email: string) => links.find((link) => link.email === email)!.rid;

    // Over HTTP, from a listening server, as a recipient's browser gets it.
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const page = async (email: string) => {
      const res = await fetch(`${address}/phish?rid=${rid(email)}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const jana = await page('jana.novak@corp.example');
    expect(jana).toContain('<h1>Hello Jana</h1>');
    expect(jana).toContain('Signed in as Jana Novak, Clerk');
    expect(jana).toContain('<input type="email" name="email" value="jana.novak@corp.example">');
    expect(jana).toContain(`<input type="hidden" name="ref" value="${rid('jana.novak@corp.example')}">`);
    expect(jana).not.toMatch(/\{\{/);

    const eve = await page('eve@corp.example');
    expect(eve).toContain('<h1>Hello &#60;script&#62;x()&#60;/script&#62;</h1>');
    expect(eve).toContain(
      'Signed in as &#60;script&#62;x()&#60;/script&#62; &#34;&#62;&#60;b&#62;, O&#39;Neil &#38; Co',
    );
    expect(eve).not.toContain('<script>x()');
    expect(eve).not.toContain('"><b>');
  });
});
