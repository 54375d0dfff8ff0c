import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { CampaignDetail } from '@shared/admin-api';
import { PAGE_HTML_MAX } from '@shared/campaign';
import type { GophishImportResult } from '@shared/gophish-import';
import type { SendingProfile } from '@shared/sending';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';

/** GoPhish's own files, as its API writes them (Go's encoding/json: <, > and & escaped). */
const gophish = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));

describeEachDatabase('GoPhish files, as GoPhish writes them', (get) => {
  const post = (h: Harness, tenant: TestTenant, payload: Record<string, unknown>) =>
    h.admin.inject({ method: 'POST', url: '/api/admin/import/gophish', headers: tenant.headers, payload });
  const fileOf = async (h: Harness, tenant: TestTenant, id: string) =>
    (
      await h.admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}`, headers: tenant.headers })
    ).json<CampaignDetail>().file;

  it('imports arrays whole: each template and each page becomes its own draft campaign', async () => {
    const h = get();
    const tenant = await newTenant(h);
    // Without fetching the cloned page's assets (fetch_assets: false), its <base href> is named.
    const res = await post(h, tenant, {
      template: gophish('templates.json'),
      page: gophish('pages.json'),
      fetch_assets: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.campaigns.map((c) => c.campaign.name)).toEqual([
      'Parcel held',
      'Shared document',
      'Mailbox sign-in',
      'Cloned portal',
    ]);
    expect(answer.campaigns.every((c) => c.campaign.status === 'draft')).toBe(true);
    const notices = answer.report.notices.map((n) => `${n.code} ${n.name}`);
    // Pages without a template get a placeholder e-mail, said so; the cloned page's <base href>
    // and relative assets will not load, said so too.
    expect(notices).toEqual(
      expect.arrayContaining([
        'placeholder_email Mailbox sign-in',
        'placeholder_email Cloned portal',
        'base_href Cloned portal',
        'redirect_variables Mailbox sign-in',
      ]),
    );
    const signIn = await fileOf(h, tenant, answer.campaigns[2]!.campaign.id);
    // The templated redirect keeps nothing of the recipient: no {{…}} reaches anyone.
    expect(signIn.redirect_url).toBe('https://intranet.example.com/done?lang=en');
    expect(signIn.email?.subject).toBe('Action required');
    expect(signIn.phishing.template_html).toContain('value="{{email}}"');
    expect(signIn.phishing.template_html).toContain('value="{{rid}}"');
    expect(signIn.phishing.template_html).not.toContain('{{.');
    const parcel = await fileOf(h, tenant, answer.campaigns[0]!.campaign.id);
    expect(parcel.email?.body).toContain('Hello {{first_name}}');
    expect(answer.report.mapped.join('\n')).toContain(
      'landing page "Mailbox sign-in": redirect URL without u={{.Email}}, rid={{.RId}}',
    );
  });

  it('pairs one template with one page as one campaign', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const [template] = gophish('templates.json') as unknown[];
    const [page] = gophish('pages.json') as unknown[];
    const res = await post(h, tenant, { template, page, name: 'Parcels, Q1' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.campaigns.map((c) => c.campaign.name)).toEqual(['Parcels, Q1']);
    expect(answer.report.notices.map((n) => n.code)).not.toContain('placeholder_email');
  });

  it.each([
    [
      'template',
      'pages.json',
      `item 1: this is GoPhish's JSON for a landing page, not an e-mail template: give it as "page"`,
    ],
    [
      'page',
      'templates.json',
      `item 1: this is GoPhish's JSON for an e-mail template, not a landing page: give it as "template"`,
    ],
    [
      'smtp',
      'group.json',
      `this is GoPhish's JSON for a group, not a sending profile (SMTP): give it as "group"`,
    ],
    [
      'group',
      'smtp.json',
      `this is GoPhish's JSON for a sending profile (SMTP), not a group: give it as "smtp"`,
    ],
    ['template', 'campaign.json', `this is GoPhish's JSON for a campaign, not an e-mail template`],
  ])('refuses a file given as %s when it is %s, in words', async (field, file, words) => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await post(h, tenant, { [field]: gophish(file) });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain(`Invalid ${field}: ${words}`);
  });

  it("makes GoPhish's sending profile a Hookwise one, without the password from the file", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await post(h, tenant, { smtp: gophish('smtp.json') });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.campaigns).toEqual([]);
    expect(answer.sending_profiles.map((p) => p.name)).toEqual(['Relay']);
    const { profiles } = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/sending-profiles', headers: tenant.headers })
    ).json<{ profiles: SendingProfile[] }>();
    expect(profiles[0]).toMatchObject({
      name: 'Relay',
      host: 'smtp.relay.example',
      port: 587,
      tls: 'starttls',
      username: 'phish@relay.example',
      envelope_from: 'servicedesk@relay.example',
      header_from: 'IT Service Desk <servicedesk@relay.example>',
      headers: { 'X-Simulation': 'awareness' },
      has_password: false,
    });
    expect(answer.report.notices.map((n) => n.code).sort()).toEqual([
      'ignore_cert_errors',
      'smtp_headers',
      'smtp_password',
    ]);
    expect(res.body).not.toContain('hunter2');
  });

  it('imports a 1 MB cloned page through the API, and refuses one past 2,000,000 characters', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const filler = `<p>${'Ünïcode & "quotes" <b>bold</b> '.repeat(40)}</p>\n`;
    const body = filler.repeat(Math.ceil(1_000_000 / filler.length));
    const html = `<!DOCTYPE html><html><body><h1>Hello {{.FirstName}}</h1>${body}</body></html>`;
    expect(html.length).toBeGreaterThan(1_000_000);
    const res = await post(h, tenant, {
      page: { id: 1, name: 'Big clone', html, capture_credentials: false },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const file = await fileOf(h, tenant, res.json<GophishImportResult>().campaigns[0]!.campaign.id);
    expect(file.phishing.template_html?.length).toBe(
      html.length - '{{.FirstName}}'.length + '{{first_name}}'.length,
    );

    const tooBig = await post(h, tenant, {
      page: { id: 2, name: 'Too big', html: 'x'.repeat(2_000_001), capture_credentials: false },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json<{ error: { message: string } }>().error.message).toBe(
      `Invalid page: “Too big” cannot be imported: its HTML is longer than ${PAGE_HTML_MAX.toLocaleString('en')} characters`,
    );
  });

  it("reads a group CSV by GoPhish's rules: headers, Name <address>, international addresses", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const [template] = gophish('templates.json') as unknown[];
    const csv = readFileSync(path.join(import.meta.dirname, 'fixtures', 'group-intl.csv'), 'utf8');
    const res = await post(h, tenant, { template, group_csv: csv });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.campaigns[0]!.recipients).toBe(3);
    expect(answer.report.attention.join('\n')).toContain('"no-at-sign" is not an email address');
    const page = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${answer.campaigns[0]!.campaign.id}/recipients`,
        headers: tenant.headers,
      })
    ).json<{ items: { email: string; first_name: string; department: string }[] }>();
    expect(page.items.map((r) => [r.email, r.first_name, r.department]).sort()).toEqual([
      ['jana.novak@firma.example', 'Jana', 'Clerk'],
      ['jürgen.müller@beispiel.de', 'Jürgen', 'Einkauf'],
      ['zoe@bücher.example', 'Zoë', 'Buyer'],
    ]);
  });
});
