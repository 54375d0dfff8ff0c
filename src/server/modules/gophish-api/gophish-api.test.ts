/**
 * GoPhish's Python client's calls (gophish/api-client-python: the paths of gophish/api/*.py, the
 * bodies its models' as_dict() writes), made against Hookwise's admin listener as one script: a
 * group with targets, a template, a page asking for credential capture, an SMTP profile, a
 * campaign naming them sent to a real SMTP server, a person's click and a scanner's visit on the
 * public listener, then summary, results and completion; the key as a bearer and as ?api_key=.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  GapiCampaign,
  GapiCampaignResults,
  GapiCampaignSummary,
  GapiGroup,
  GapiPage,
  GapiResponse,
  GapiSmtp,
  GapiTemplate,
} from '@shared/gophish-api';
import { PERSON } from '@server/test/click-fixtures';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { testWorker } from '@server/test/sending-fixtures';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A date as Python's datetime.isoformat() writes it (microseconds, +00:00), as the client's models send every date. */
const pythonDate = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1456+00:00');
// The models' default: datetime.now(tzlocal()), a moment before the call.
const PY_NOW = pythonDate(Date.now() - 60_000);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// The click comes at once after the send here; how soon a person may click is the clicks module's tests' subject.
describeEachDatabase(
  "GoPhish's Python client against Hookwise",
  (get) => {
    let sink: SmtpSink;
    let tenant: TestTenant;
    let other: TestTenant;
    beforeAll(async () => {
      sink = await startSmtpSink();
      tenant = await newTenant(get(), 'Northwind');
      other = await newTenant(get(), 'Contoso');
    });
    afterAll(() => sink?.close());

    /** The client's execute(): the key as `Authorization: Bearer`, the body as JSON. */
    function gophish(h: Harness, method: Method, path: string, body?: unknown, key = tenant.apiKey) {
      return h.admin.inject({
        method,
        url: path,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    }

    async function delivered(h: Harness, count: number) {
      const worker = testWorker(h);
      for (
        let i = 0;
        i < 500 && sink.received.filter((m) => m.to.endsWith('@northwind.example')).length < count;
        i++
      ) {
        if ((await worker.runOnce()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await worker.stop();
      return sink.received.filter((m) => m.to.endsWith('@northwind.example'));
    }

    it('runs a campaign from named objects, and reads its summary, results and timeline as GoPhish writes them', async () => {
      const h = get();
      // api.groups.post(Group(name=…, targets=[User(…), …]))
      const group = await gophish(h, 'POST', '/api/groups/', {
        name: 'Finance',
        modified_date: PY_NOW,
        targets: [
          { first_name: 'Ana', last_name: 'Silva', email: 'ana@northwind.example', position: 'Accounts' },
          { first_name: 'Ben', last_name: 'Okafor', email: 'ben@northwind.example', position: 'Payroll' },
          { first_name: 'Cy', last_name: 'Ng', email: 'cy@northwind.example', position: 'Audit' },
        ],
      });
      expect(group.statusCode, group.body).toBe(201);
      const madeGroup = group.json<GapiGroup>();
      expect(madeGroup).toMatchObject({ id: 1, name: 'Finance' });
      expect(madeGroup.targets).toContainEqual({
        email: 'ana@northwind.example',
        first_name: 'Ana',
        last_name: 'Silva',
        position: 'Accounts',
      });

      const groupSummary = await gophish(h, 'GET', '/api/groups/1/summary');
      expect(groupSummary.json()).toMatchObject({ id: 1, name: 'Finance', num_targets: 3 });
      expect((await gophish(h, 'GET', '/api/groups/summary')).json()).toMatchObject({ total: 1 });

      // api.templates.post(Template(name=…, subject=…, text=…, html=…))
      const template = await gophish(h, 'POST', '/api/templates/', {
        name: 'Password expiry',
        subject: 'Your password expires today, {{.FirstName}}',
        text: 'Hi {{.FirstName}}, keep your password: {{.URL}}',
        html: '<p>Hi {{.FirstName}},</p><p><a href="{{.URL}}">Keep my password</a></p>',
        envelope_sender: 'IT Service Desk <it@northwind.example>',
        modified_date: PY_NOW,
      });
      expect(template.statusCode, template.body).toBe(201);
      const madeTemplate = template.json<GapiTemplate>();
      // Read back as written: a script that GETs its template finds its own variables.
      expect(madeTemplate).toMatchObject({ id: 1, subject: 'Your password expires today, {{.FirstName}}' });

      // api.pages.post(Page(name=…, html=…, capture_credentials=True))
      const page = await gophish(h, 'POST', '/api/pages/', {
        name: 'Sign-in',
        html: '<html><body><form method="post"><input name="username"><input name="password" type="password"><button>Sign in</button></form></body></html>',
        capture_credentials: true,
        capture_passwords: false,
        redirect_url: 'https://intranet.northwind.example/',
        modified_date: PY_NOW,
      });
      expect(page.statusCode, page.body).toBe(201);
      const madePage = page.json<GapiPage>();
      expect(madePage).toMatchObject({ id: 1, capture_credentials: false, capture_passwords: false });
      expect(madePage.warnings?.join(' ')).toMatch(/never captures what is typed/);

      // api.smtp.post(SMTP(name=…, host=…, from_address=…)); `tls` is Hookwise's: the test relay has no TLS.
      const smtp = await gophish(h, 'POST', '/api/smtp/', {
        interface_type: 'SMTP',
        name: 'Relay',
        host: `127.0.0.1:${sink.port}`,
        from_address: 'IT Service Desk <it@northwind.example>',
        ignore_cert_errors: false,
        modified_date: PY_NOW,
        tls: 'none',
      });
      expect(smtp.statusCode, smtp.body).toBe(201);
      expect(smtp.json<GapiSmtp>()).toMatchObject({
        id: 1,
        host: `127.0.0.1:${sink.port}`,
        from_address: 'IT Service Desk <it@northwind.example>',
      });

      // api.campaigns.post(Campaign(name=…, groups=[Group(name=…)], page=Page(name=…), template=…, smtp=…, url=…))
      const posted = await gophish(h, 'POST', '/api/campaigns/', {
        name: 'Q4 password expiry',
        created_date: PY_NOW,
        launch_date: PY_NOW,
        template: { name: 'Password expiry', modified_date: PY_NOW },
        page: {
          name: 'Sign-in',
          modified_date: PY_NOW,
          capture_credentials: false,
          capture_passwords: false,
        },
        smtp: { name: 'Relay', interface_type: 'SMTP', ignore_cert_errors: false, modified_date: PY_NOW },
        url: 'https://hookwise.test',
        groups: [{ name: 'Finance', modified_date: PY_NOW }],
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const campaign = posted.json<GapiCampaign>();
      expect(campaign).toMatchObject({
        id: 1,
        name: 'Q4 password expiry',
        status: 'In progress',
        completed_date: '0001-01-01T00:00:00Z',
        template: { id: 1, name: 'Password expiry' },
        page: { id: 1, name: 'Sign-in', capture_credentials: false },
        smtp: { id: 1, name: 'Relay' },
        groups: [{ id: 1, name: 'Finance' }],
      });
      expect(campaign.results.map((r) => r.status)).toEqual(['Scheduled', 'Scheduled', 'Scheduled']);

      // Sent through the real relay, the variables filled by the import's conversion.
      const mail = await delivered(h, 3);
      expect(mail.map((m) => m.to).sort()).toEqual([
        'ana@northwind.example',
        'ben@northwind.example',
        'cy@northwind.example',
      ]);
      const ana = mail.find((m) => m.to === 'ana@northwind.example')!;
      expect(ana.subject).toBe('Your password expires today, Ana');
      const rid = /https:\/\/hookwise\.test\/phish\?rid=([A-Za-z0-9_-]+)/.exec(ana.text)![1]!;
      const ben = mail.find((m) => m.to === 'ben@northwind.example')!;
      const benRid = /rid=([A-Za-z0-9_-]+)/.exec(ben.text)![1]!;

      // Ana clicks and submits (field names only leave her browser); a mail scanner opens Ben's link.
      const clicked = await h.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        payload: JSON.stringify({
          rid,
          type: 'clicked',
          details: { elapsed_ms: 2000, reason: 'user_gesture', gesture: 'pointer', evidence: PERSON },
        }),
        remoteAddress: '198.51.100.7',
      });
      expect(clicked.statusCode, clicked.body).toBe(200);
      const submitted = await h.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        payload: JSON.stringify({ rid, type: 'submitted', details: { fields: ['username', 'password'] } }),
        remoteAddress: '198.51.100.7',
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const scanner = await h.app.inject({
        method: 'HEAD',
        url: `/phish?rid=${benRid}`,
        headers: { 'user-agent': BROWSER_UA },
        remoteAddress: '203.0.113.50',
      });
      expect(scanner.statusCode).toBeLessThan(500);
      // …then runs the page in its sandbox, without a person's gesture.
      const sandbox = await h.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        payload: JSON.stringify({
          rid: benRid,
          type: 'clicked',
          details: {
            elapsed_ms: 100,
            reason: 'render_beacon',
            evidence: { ...PERSON, webdriver: true, trusted_gesture: false, pointer_moved: false },
          },
        }),
        remoteAddress: '203.0.113.50',
      });
      expect(sandbox.statusCode, sandbox.body).toBe(200);
      // Cy reports the message with the report button's GoPhish path.
      const cy = mail.find((m) => m.to === 'cy@northwind.example')!;
      const cyRid = /rid=([A-Za-z0-9_-]+)/.exec(cy.text)![1]!;
      const reported = await h.app.inject({ method: 'GET', url: `/report?rid=${cyRid}` });
      expect(reported.statusCode).toBe(204);
      // Hookwise's own results saw that visit, and judged it no person's.
      const own = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
      });
      const hookwiseId = own.json<{ campaigns: { id: string }[] }>().campaigns[0]!.id;
      const judged = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${hookwiseId}/results`,
        headers: tenant.headers,
      });
      const recipients = judged.json<{ recipients: { email: string; verdict: string | null }[] }>()
        .recipients;
      expect(recipients.find((r) => r.email === 'ben@northwind.example')?.verdict).toBe('automated');

      // GET /api/campaigns/1/summary, with the key as GoPhish's ?api_key=.
      const summary = await h.admin.inject({
        method: 'GET',
        url: `/api/campaigns/1/summary?api_key=${tenant.apiKey}`,
      });
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json<GapiCampaignSummary>()).toMatchObject({
        id: 1,
        name: 'Q4 password expiry',
        status: 'In progress',
        stats: { total: 3, sent: 3, opened: 1, clicked: 1, submitted_data: 1, email_reported: 1, error: 0 },
      });

      const results = await gophish(h, 'GET', '/api/campaigns/1/results');
      expect(results.statusCode, results.body).toBe(200);
      const read = results.json<GapiCampaignResults>();
      const byEmail = new Map(read.results.map((r) => [r.email, r]));
      expect(byEmail.get('ana@northwind.example')).toMatchObject({
        id: rid,
        first_name: 'Ana',
        last_name: 'Silva',
        position: 'Accounts',
        status: 'Submitted Data',
        reported: false,
      });
      // The scanner's visit is no click.
      expect(byEmail.get('ben@northwind.example')?.status).toBe('Email Sent');
      expect(read.timeline.map((e) => e.message)).toEqual([
        'Campaign Created',
        'Email Sent',
        'Email Sent',
        'Email Sent',
        'Clicked Link',
        'Submitted Data',
        'Email Reported',
      ]);
      expect(byEmail.get('cy@northwind.example')).toMatchObject({ status: 'Email Reported', reported: true });
      const submit = read.timeline.find((e) => e.message === 'Submitted Data')!;
      expect(submit.email).toBe('ana@northwind.example');
      expect(JSON.parse(submit.details)).toEqual({ payload: { username: [], password: [] }, browser: {} });
      // Nothing typed was ever captured: no value anywhere in the answer.
      expect(results.body).not.toMatch(/198\.51\.100\.7/);

      // api.campaigns.complete(1): GET /api/campaigns/1/complete
      const complete = await gophish(h, 'GET', '/api/campaigns/1/complete');
      expect(complete.json<GapiResponse>()).toEqual({
        message: 'Campaign completed successfully!',
        success: true,
        data: null,
      });
      const after = await gophish(h, 'GET', '/api/campaigns/');
      expect(after.json<GapiCampaign[]>()).toMatchObject([{ id: 1, status: 'Completed' }]);
      expect(after.json<GapiCampaign[]>()[0]!.completed_date).not.toBe('0001-01-01T00:00:00Z');
      const all = await gophish(h, 'GET', '/api/campaigns/summary');
      expect(all.json<{ total: number }>().total).toBe(1);

      // Every change is in the audit log under the key.
      const audit = await h.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('tenant_id', '=', tenant.tenantId)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining([
          'group.create',
          'template.create',
          'landing_page.create',
          'campaign.create',
          'campaign.end',
        ]),
      );
      const byKey = audit.filter((a) =>
        ['group.create', 'template.create', 'campaign.create'].includes(a.action),
      );
      expect(byKey.map((a) => a.actor)).toEqual(byKey.map(() => `api key ${tenant.apiKey.slice(3, 11)}`));
    });

    it("answers a missing or wrong key with GoPhish's 401, and another tenant's ids with its 404", async () => {
      const h = get();
      const missing = await h.admin.inject({ method: 'GET', url: '/api/campaigns/' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ message: 'API Key not set', success: false, data: null });
      const wrong = await gophish(h, 'GET', '/api/templates/', undefined, 'not-a-key');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid API Key', success: false, data: null });
      const wrongQuery = await h.admin.inject({ method: 'GET', url: '/api/groups/?api_key=nope' });
      expect(wrongQuery.statusCode).toBe(401);

      // Another tenant sees none of the first tenant's objects, by id or in its lists.
      for (const path of [
        '/api/campaigns/1',
        '/api/campaigns/1/results',
        '/api/groups/1',
        '/api/templates/1',
        '/api/pages/1',
        '/api/smtp/1',
      ]) {
        const res = await gophish(h, 'GET', path, undefined, other.apiKey);
        expect(res.statusCode, path).toBe(404);
        expect(res.json<GapiResponse>()).toMatchObject({ success: false, data: null });
      }
      // Its changes to those ids reach nothing of the first tenant's.
      const writes: [Method, string, unknown][] = [
        ['DELETE', '/api/templates/1', undefined],
        ['PUT', '/api/templates/1', { name: 'Taken over', text: 'x' }],
        ['DELETE', '/api/pages/1', undefined],
        ['PUT', '/api/pages/1', { name: 'Taken over' }],
        ['DELETE', '/api/groups/1', undefined],
        ['PUT', '/api/groups/1', { name: 'Taken over', targets: [{ email: 'x@contoso.example' }] }],
        ['DELETE', '/api/smtp/1', undefined],
        ['DELETE', '/api/campaigns/1', undefined],
      ];
      for (const [method, path, body] of writes) {
        expect((await gophish(h, method, path, body, other.apiKey)).statusCode, `${method} ${path}`).toBe(
          404,
        );
      }
      expect((await gophish(h, 'GET', '/api/templates/', undefined, other.apiKey)).json()).toEqual([]);
      expect((await gophish(h, 'GET', '/api/templates/1')).json()).toMatchObject({ name: 'Password expiry' });
      expect((await gophish(h, 'GET', '/api/pages/1')).json()).toMatchObject({ name: 'Sign-in' });
      expect((await gophish(h, 'GET', '/api/groups/1')).json()).toMatchObject({ name: 'Finance' });
      expect((await gophish(h, 'GET', '/api/smtp/1')).json()).toMatchObject({ name: 'Relay' });
    });

    it('edits and deletes templates, pages, profiles and users as GoPhish does, each change audited', async () => {
      const h = get();
      const edited = await gophish(h, 'PUT', '/api/templates/1', {
        id: 1,
        name: 'Password expiry',
        subject: 'Expires today',
        text: 'Hi {{.FirstName}}: {{.URL}}',
        attachments: [{ name: 'policy.pdf', type: 'application/pdf', content: 'JVBERi0=' }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<GapiTemplate>()).toMatchObject({ id: 1, subject: 'Expires today', attachments: [] });
      expect(edited.json<GapiTemplate>().warnings?.join(' ')).toMatch(/no attachments/);

      const extra = await gophish(h, 'POST', '/api/pages/', { name: 'Spare', html: '<p>spare</p>' });
      expect(extra.json<GapiPage>().warnings).toBeUndefined();
      const spare = extra.json<GapiPage>().id;
      // api.pages.delete(id): '{}/{}'.format('/api/pages/', id), a double slash GoPhish's router cleans.
      expect((await gophish(h, 'DELETE', `/api/pages//${spare}`)).json()).toEqual({
        message: 'Page Deleted Successfully',
        success: true,
        data: null,
      });
      expect((await gophish(h, 'GET', `/api/pages/${spare}`)).statusCode).toBe(404);
      // A shell script's DELETE that says JSON and sends no body.
      const another = (
        await gophish(h, 'POST', '/api/pages/', { name: 'Another', html: '<p>x</p>' })
      ).json<GapiPage>();
      const curl = await h.admin.inject({
        method: 'DELETE',
        url: `/api/pages/${another.id}?api_key=${tenant.apiKey}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(curl.statusCode, curl.body).toBe(200);
      expect(curl.json<GapiResponse>().success).toBe(true);

      // A profile in use by a campaign's sending stays.
      const inUse = await gophish(h, 'DELETE', '/api/smtp//1');
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json<GapiResponse>().success).toBe(false);

      const user = await gophish(h, 'POST', '/api/users/', {
        username: 'eve@northwind.example',
        password: 'correct horse battery',
        role: 'user',
      });
      expect(user.statusCode, user.body).toBe(200);
      const eve = user.json<{ id: number; role: { slug: string } }>();
      expect(eve.role.slug).toBe('user');
      const promoted = await gophish(h, 'PUT', `/api/users/${eve.id}`, {
        username: 'eve@northwind.example',
        role: 'admin',
      });
      expect(promoted.json()).toMatchObject({ id: eve.id, role: { slug: 'admin' }, account_locked: false });
      // The tenant's one owner stays; another account is disabled, not removed.
      const lastOwner = await gophish(h, 'DELETE', `/api/users//${eve.id}`);
      expect(lastOwner.statusCode).toBe(409);
      expect(lastOwner.json<GapiResponse>().message).toBe('A tenant keeps at least one active owner');
      const fay = await gophish(h, 'POST', '/api/users/', {
        username: 'fay@northwind.example',
        password: 'another long password',
      });
      const fayId = fay.json<{ id: number }>().id;
      expect((await gophish(h, 'DELETE', `/api/users//${fayId}`)).json<GapiResponse>().success).toBe(true);
      const list = await gophish(h, 'GET', '/api/users/');
      expect(list.json()).toEqual([
        expect.objectContaining({ username: 'eve@northwind.example', account_locked: false }),
        expect.objectContaining({ username: 'fay@northwind.example', account_locked: true }),
      ]);
      expect((await gophish(h, 'GET', `/api/users/${eve.id}`, undefined, other.apiKey)).statusCode).toBe(404);
      const notMail = await gophish(h, 'POST', '/api/users/', {
        username: 'eve',
        password: 'correct horse battery',
      });
      expect(notMail.statusCode).toBe(400);
      expect(notMail.json<GapiResponse>().message).toMatch(/^username: /);

      const audit = await h.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('tenant_id', '=', tenant.tenantId)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['template.edit', 'landing_page.delete', 'user.create', 'user.change']),
      );
    });

    it("refuses what GoPhish refuses, in GoPhish's words", async () => {
      const h = get();
      const noName = await gophish(h, 'POST', '/api/templates/', { subject: 'x', text: 'y' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json<GapiResponse>().message).toBe('Template name not specified');
      const taken = await gophish(h, 'POST', '/api/groups/', {
        name: 'Finance',
        targets: [{ email: 'dan@northwind.example' }],
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<GapiResponse>().message).toBe('Group name already in use');
      const unknown = await gophish(h, 'POST', '/api/campaigns/', {
        name: 'x',
        template: { name: 'Nope' },
        page: { name: 'Sign-in' },
        smtp: { name: 'Relay' },
        groups: [{ name: 'Finance' }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<GapiResponse>().message).toBe('Template not found');
      const site = await gophish(h, 'POST', '/api/import/site', { url: 'https://example.com' });
      expect(site.statusCode).toBe(404);
      expect(site.json<GapiResponse>().message).toMatch(/Import a site/);
      // Hookwise's own API and health check are untouched by GoPhish's paths.
      expect((await h.admin.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const own = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
      });
      expect(own.json<{ campaigns: unknown[] }>().campaigns).toHaveLength(1);
    });

    it("shows a message the relay refused as GoPhish's Error, with the relay's words in the timeline", async () => {
      const h = get();
      sink.verdict = ({ to }) => (to === 'dan@auditors.example' ? 550 : null);
      await gophish(h, 'POST', '/api/groups/', {
        name: 'Auditors',
        targets: [{ first_name: 'Dan', last_name: 'Ruiz', email: 'dan@auditors.example', position: 'Audit' }],
      });
      const posted = await gophish(h, 'POST', '/api/campaigns/', {
        name: 'Auditors check',
        template: { name: 'Password expiry' },
        page: { name: 'Sign-in' },
        smtp: { name: 'Relay' },
        groups: [{ name: 'Auditors' }],
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const { id, template } = posted.json<GapiCampaign>();
      // The template lost its envelope sender when it was edited: the profile's From is used, as GoPhish does.
      expect(template.envelope_sender).toBe('IT Service Desk <it@northwind.example>');
      const worker = testWorker(h);
      for (let i = 0; i < 500 && !sink.refused.some((r) => r.to === 'dan@auditors.example'); i++) {
        if ((await worker.runOnce()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await worker.stop();
      const results = (await gophish(h, 'GET', `/api/campaigns/${id}/results`)).json<GapiCampaignResults>();
      expect(results.results).toMatchObject([{ email: 'dan@auditors.example', status: 'Error' }]);
      const error = results.timeline.find((e) => e.message === 'Error Sending Email')!;
      expect(error.email).toBe('dan@auditors.example');
      expect(JSON.parse(error.details)).toEqual({ error: expect.stringContaining('550') });
      const summary = (await gophish(h, 'GET', `/api/campaigns/${id}/summary`)).json<GapiCampaignSummary>();
      expect(summary.stats).toMatchObject({ total: 1, sent: 0, error: 1 });
    });
  },
  { CLICK_AFTER_SEND_SECONDS: '0' },
);
