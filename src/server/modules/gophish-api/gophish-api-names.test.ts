/**
 * Two scripts creating the same template or page name at once: one is made, the other gets
 * GoPhish's 409 ("Template name already in use") in GoPhish's shape, never a 500, on SQLite and
 * on PostgreSQL, where both may pass the name check before either inserts and the unique index
 * refuses the second.
 */
import { beforeAll, expect, it } from 'vitest';
import type { GapiResponse } from '@shared/gophish-api';
import { isUniqueViolation } from '@server/db/unique-violation';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';

const AT_ONCE = 6;

describeEachDatabase('GoPhish API: one name created by several scripts at once', (get) => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant(get(), 'Northwind');
  });

  const post = (h: Harness, url: string, body: unknown) =>
    h.admin.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  const cases = [
    {
      what: 'template',
      url: '/api/templates/',
      body: (i: number) => ({ name: 'Invoice due', subject: `Invoice ${i}`, text: 'Pay: {{.URL}}' }),
      list: '/api/templates/',
      taken: 'Template name already in use',
    },
    {
      what: 'page',
      url: '/api/pages/',
      body: (i: number) => ({ name: 'Portal', html: `<p>portal ${i}</p>` }),
      list: '/api/pages/',
      taken: 'Page name already in use',
    },
  ];

  for (const c of cases) {
    it(`makes one ${c.what} and answers the others with GoPhish's 409`, async () => {
      const h = get();
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => post(h, c.url, c.body(i))));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([
        201,
        ...Array<number>(AT_ONCE - 1).fill(409),
      ]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(refused.json<GapiResponse>()).toEqual({ message: c.taken, success: false, data: null });
      }
      const list = await h.admin.inject({
        method: 'GET',
        url: c.list,
        headers: { authorization: `Bearer ${tenant.apiKey}` },
      });
      expect(list.json<unknown[]>()).toHaveLength(1);
    });
  }

  it("recognises this database's unique violation, and nothing else as one", async () => {
    const { db } = get().database;
    const row = {
      id: 'dup-1',
      tenant_id: tenant.tenantId,
      name: 'Twice',
      subject: '',
      text: 'x',
      html: '',
      envelope_sender: '',
      modified_date: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    await db.insertInto('email_templates').values(row).execute();
    const error = await db
      .insertInto('email_templates')
      .values({ ...row, id: 'dup-2' })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    const other = await db
      .insertInto('email_templates')
      .values({ ...row, id: 'dup-3', name: null as unknown as string })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(other).toBeDefined();
    expect(isUniqueViolation(other)).toBe(false);
  });
});
