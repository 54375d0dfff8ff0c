/**
 * A GoPhish file import also fills the library the GoPhish-compatible API reads: the list files
 * (GET /api/templates/, /api/pages/, /api/groups/, /api/smtp/) imported, the API lists each in
 * GoPhish's shapes, a campaign posted by their names sends to a real SMTP server, and importing
 * the same files again keeps what the library has (said under "needs attention").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GapiCampaign, GapiGroup, GapiPage, GapiSmtp, GapiTemplate } from '@shared/gophish-api';
import type { GophishImportResult } from '@shared/gophish-import';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { testWorker } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';

const json = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));

describeEachDatabase('GoPhish files imported into the library', (get) => {
  let sink: SmtpSink;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    sink = await startSmtpSink();
    tenant = await newTenant(get(), 'Northwind');
    other = await newTenant(get(), 'Contoso');
  });
  afterAll(() => sink?.close());

  const importFiles = (h: Harness) =>
    h.admin.inject({
      method: 'POST',
      url: '/api/admin/import/gophish',
      headers: tenant.headers,
      // The cloned page's assets are not fetched here: its site does not exist.
      payload: {
        template: json('templates.json'),
        page: json('pages.json'),
        group: json('group.json'),
        smtp: json('smtp.json'),
        fetch_assets: false,
      },
    });

  /** GoPhish's Python client's execute(): the key as a bearer, the body as JSON. */
  const gophish = (h: Harness, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, key?: string) =>
    h.admin.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key ?? tenant.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it("lists the imported templates, pages, groups and profiles in GoPhish's shapes, and a campaign by their names sends", async () => {
    const h = get();
    const res = await importFiles(h);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    // The draft campaigns are still made, one for each template and page.
    expect(answer.campaigns.map((c) => c.campaign.name)).toEqual([
      'Parcel held',
      'Shared document',
      'Mailbox sign-in',
      'Cloned portal',
    ]);
    expect(answer.library).toEqual([
      { kind: 'template', id: 1, name: 'Parcel held', created: true },
      { kind: 'template', id: 2, name: 'Shared document', created: true },
      { kind: 'page', id: 1, name: 'Mailbox sign-in', created: true },
      { kind: 'page', id: 2, name: 'Cloned portal', created: true },
      { kind: 'group', id: 1, name: 'Finance', created: true },
    ]);
    expect(answer.report.mapped).toEqual(
      expect.arrayContaining([
        'template "Parcel held": library object 1 (/api/templates/)',
        'landing page "Cloned portal": library object 2 (/api/pages/)',
        'group "Finance": library object 1 (/api/groups/)',
      ]),
    );

    // Stored as GoPhish's API stores them: its variables as written, read back unchanged.
    const templates = await gophish(h, 'GET', '/api/templates/');
    expect(templates.statusCode).toBe(200);
    expect(templates.json<GapiTemplate[]>()).toEqual([
      {
        id: 1,
        name: 'Parcel held',
        subject: '{{.FirstName}}, a parcel is waiting',
        text: 'Hello {{.FirstName}},\n\nA parcel for {{.Email}} is held. Release it: {{.URL}}\n',
        html: '',
        envelope_sender: 'Parcel Desk <parcels@post-desk.example>',
        modified_date: expect.any(String),
        attachments: [],
      },
      expect.objectContaining({ id: 2, name: 'Shared document', subject: 'A document was shared with you' }),
    ]);
    const pages = await gophish(h, 'GET', '/api/pages/');
    expect(pages.json<GapiPage[]>()).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'Mailbox sign-in',
        capture_credentials: false,
        capture_passwords: false,
        redirect_url: 'https://intranet.example.com/done?u={{.Email}}&rid={{.RId}}&lang=en',
      }),
      expect.objectContaining({ id: 2, name: 'Cloned portal' }),
    ]);
    expect(pages.json<GapiPage[]>()[0]!.html).toContain('<h1>Hello {{.FirstName}}</h1>');
    const groups = await gophish(h, 'GET', '/api/groups/');
    const [finance] = groups.json<GapiGroup[]>();
    expect(groups.json<GapiGroup[]>()).toHaveLength(1);
    expect(finance).toMatchObject({ id: 1, name: 'Finance' });
    // Its valid addresses only, as POST /api/groups/ keeps them.
    expect(finance!.targets).toHaveLength(2);
    expect(finance!.targets).toContainEqual({
      email: 'bob@finance.example',
      first_name: 'Bob',
      last_name: 'Baker',
      position: 'Analyst',
    });
    const smtps = await gophish(h, 'GET', '/api/smtp/');
    expect(smtps.json<GapiSmtp[]>()).toEqual([
      expect.objectContaining({
        id: 1,
        name: 'Relay',
        host: 'smtp.relay.example:587',
        interface_type: 'SMTP',
      }),
    ]);
    // Another tenant sees none of them.
    for (const list of ['/api/templates/', '/api/pages/', '/api/groups/', '/api/smtp/']) {
      expect((await gophish(h, 'GET', list, undefined, other.apiKey)).json(), list).toEqual([]);
    }
    expect((await gophish(h, 'GET', '/api/templates/1', undefined, other.apiKey)).statusCode).toBe(404);

    // The imported relay has no password (and no such host): the script adds the test relay.
    const relay = await gophish(h, 'POST', '/api/smtp/', {
      name: 'Test relay',
      host: `127.0.0.1:${sink.port}`,
      from_address: 'Parcel Desk <parcels@post-desk.example>',
      tls: 'none',
    });
    expect(relay.statusCode, relay.body).toBe(201);
    const posted = await gophish(h, 'POST', '/api/campaigns/', {
      name: 'Parcel week',
      template: { name: 'Parcel held' },
      page: { name: 'Mailbox sign-in' },
      smtp: { name: 'Test relay' },
      url: 'https://hookwise.test',
      groups: [{ name: 'Finance' }],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json<GapiCampaign>()).toMatchObject({
      name: 'Parcel week',
      template: { id: 1, name: 'Parcel held' },
      page: { id: 1, name: 'Mailbox sign-in' },
      groups: [{ id: 1, name: 'Finance' }],
    });

    const worker = testWorker(h);
    const toFinance = () => sink.received.filter((m) => m.to.endsWith('@finance.example'));
    for (let i = 0; i < 500 && toFinance().length < 2; i++) {
      if ((await worker.runOnce()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await worker.stop();
    expect(
      toFinance()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['alice@finance.example', 'bob@finance.example']);
    const bob = toFinance().find((m) => m.to === 'bob@finance.example')!;
    expect(bob.subject).toBe('Bob, a parcel is waiting');
    expect(bob.text).toContain('Hello Bob,');
    expect(bob.text).toContain('A parcel for bob@finance.example is held.');
    expect(bob.text).toMatch(/phish\?rid=[A-Za-z0-9_-]+/);
    expect(bob.text).not.toContain('{{');
  });

  it('keeps what the library has when the same files come again, and says so', async () => {
    const h = get();
    // The team edited its template since the first import.
    const edited = await gophish(h, 'PUT', '/api/templates/1', {
      id: 1,
      name: 'Parcel held',
      subject: 'Edited in Hookwise',
      text: 'Hi {{.FirstName}}: {{.URL}}',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const res = await importFiles(h);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.library).toEqual([
      { kind: 'template', id: 1, name: 'Parcel held', created: false },
      { kind: 'template', id: 2, name: 'Shared document', created: false },
      { kind: 'page', id: 1, name: 'Mailbox sign-in', created: false },
      { kind: 'page', id: 2, name: 'Cloned portal', created: false },
      { kind: 'group', id: 1, name: 'Finance', created: false },
    ]);
    // Draft campaigns are made again, each from its file: the import's own behaviour is unchanged.
    expect(answer.campaigns).toHaveLength(4);
    expect(answer.report.notices).toEqual(
      expect.arrayContaining([
        {
          code: 'library_template_kept',
          name: 'Parcel held',
          text: 'template "Parcel held": the library already has a template of this name: it was kept as it is, not replaced (the draft campaign has the imported one)',
        },
        expect.objectContaining({ code: 'library_page_kept', name: 'Cloned portal' }),
        expect.objectContaining({ code: 'library_group_kept', name: 'Finance' }),
      ]),
    );
    const templates = (await gophish(h, 'GET', '/api/templates/')).json<GapiTemplate[]>();
    expect(templates).toHaveLength(2);
    expect(templates[0]).toMatchObject({ id: 1, subject: 'Edited in Hookwise' });
    expect((await gophish(h, 'GET', '/api/pages/')).json<GapiPage[]>()).toHaveLength(2);
    expect((await gophish(h, 'GET', '/api/groups/')).json<GapiGroup[]>()).toHaveLength(1);

    // Each library object the import made is audited as the API's own creations are.
    const audit = await h.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === 'template.create')).toHaveLength(2);
    expect(actions.filter((a) => a === 'landing_page.create')).toHaveLength(2);
    expect(actions.filter((a) => a === 'group.create')).toHaveLength(1);
  });

  it('says under "needs attention" what the library refuses, and imports the rest', async () => {
    const h = get();
    const fresh = await newTenant(h, 'Fabrikam');
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/import/gophish',
      headers: fresh.headers,
      payload: {
        template: { name: 'Quiz', subject: 'A quiz', text: 'Answer: {{.URL}}' },
        group: [
          { name: 'Nobody valid', targets: [{ email: 'not-an-address' }] },
          { name: 'Sales', targets: [{ email: 'sam@sales.example', first_name: 'Sam' }] },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.library).toEqual([
      { kind: 'template', id: 1, name: 'Quiz', created: true },
      { kind: 'group', id: 1, name: 'Sales', created: true },
    ]);
    expect(answer.report.attention).toContain(
      'group "Nobody valid": not added to the library: group "Nobody valid" target 1: "not-an-address" is not an email address: skipped',
    );
    const groups = await gophish(h, 'GET', '/api/groups/', undefined, fresh.apiKey);
    expect(groups.json<GapiGroup[]>().map((g) => g.name)).toEqual(['Sales']);
  });
});
