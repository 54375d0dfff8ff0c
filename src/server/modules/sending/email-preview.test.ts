import { expect, it } from 'vitest';
import type { EmailPreview } from '@shared/sending';
import {
  campaignFile,
  importCampaign,
  importCsv,
  newTenant,
  type TestTenant,
} from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';

const email = {
  from: 'IT Service Desk <it@northwind.example>',
  subject: 'Password expiry for {{first_name}}',
  body: 'Dear {{first_name}} {{last_name}} ({{department}}),\n\nRenew it: {{link}}',
  html: '<p>Dear {{first_name}} of {{department}},</p><p><a href="{{link}}">Renew</a> for {{email}}</p>',
};

describeEachDatabase('the email preview', (get) => {
  const preview = (h: Harness, tenant: TestTenant, campaignId: string, payload: object) =>
    h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/email-preview`,
      headers: tenant.headers,
      payload,
    });

  it("renders the stored email per language with the first recipient's variables, escaped", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const campaignId = await importCampaign(
      h,
      tenant,
      campaignFile({
        email,
        translations: { de: { email: { subject: 'Passwort läuft ab, {{first_name}}' } } },
      }),
    );
    await importCsv(
      h,
      tenant,
      campaignId,
      'email,first_name,last_name,department\nana@example.com,<b>Ana</b>,Silva,R&D\nbo@example.com,Bo,Li,Sales\n',
    );

    const res = await preview(h, tenant, campaignId, { language: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<EmailPreview>();
    expect(body.language).toBe('de');
    expect(body.recipient).toMatchObject({ email: 'ana@example.com', first_name: '<b>Ana</b>' });
    expect(body.email).toMatchObject({
      from: 'IT Service Desk <it@northwind.example>',
      subject: 'Passwort läuft ab, <b>Ana</b>',
    });
    // Values are escaped in the HTML part, kept as written in the text part.
    expect(body.email!.html).toContain('<p>Dear &#60;b&#62;Ana&#60;/b&#62; of R&#38;D,</p>');
    expect(body.email!.html).not.toContain('<b>Ana</b>');
    expect(body.email!.text).toContain('Dear <b>Ana</b> Silva (R&D)');
    // The link's shape with a placeholder rid: opening it from the preview records nothing.
    expect(body.email!.text).toContain('Renew it: https://hookwise.test/phish?rid=preview');
    expect(body.email!.html).toContain('href="https://hookwise.test/phish?rid=preview"');

    // Another recipient on request; a language the campaign lacks shows its default.
    const bo = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaignId}/recipients`,
        headers: tenant.headers,
      })
    )
      .json<{ items: { id: string; email: string }[] }>()
      .items.find((r) => r.email === 'bo@example.com')!;
    const second = (
      await preview(h, tenant, campaignId, { language: 'fr', recipient_id: bo.id })
    ).json<EmailPreview>();
    expect(second.language).toBe('en');
    expect(second.recipient.id).toBe(bo.id);
    expect(second.email?.subject).toBe('Password expiry for Bo');
    expect(
      (await preview(h, tenant, campaignId, { language: 'en', recipient_id: 'nobody' })).statusCode,
    ).toBe(404);

    // The HTML part as its own document: the same HTML, styles allowed, no script, framed by the console only.
    const document = await h.admin.inject({ method: 'GET', url: second.document! });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toMatch(/^text\/html/);
    expect(document.body).toBe(second.email!.html);
    const csp = String(document.headers['content-security-policy']);
    expect(csp).toMatch(/(^|; )sandbox(;|$)/);
    expect(csp).not.toContain('allow-scripts');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(document.headers['cache-control']).toBe('no-store');
    // Only the admin listener serves it, and only for an open preview rid.
    expect((await h.app.inject({ method: 'GET', url: second.document! })).statusCode).toBe(404);
    const unknown = await h.admin.inject({ method: 'GET', url: '/preview/email?rid=pv_' + 'x'.repeat(32) });
    expect(unknown.statusCode).toBe(404);
  });

  it('renders an unsaved draft for a sample person, and says when there is no email', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const campaignId = await importCampaign(h, tenant, campaignFile());

    const none = await preview(h, tenant, campaignId, { language: 'en' });
    expect(none.json<EmailPreview>()).toMatchObject({ email: null, document: null });

    const draft = campaignFile({ email: { ...email, html: undefined, subject: 'Draft for {{first_name}}' } });
    const res = await preview(h, tenant, campaignId, { language: 'en', content: draft });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<EmailPreview>();
    expect(body.recipient).toMatchObject({ id: null, first_name: 'Alex' });
    expect(body.email?.subject).toBe('Draft for Alex');
    // Without an HTML part the text is sent as simple HTML with the link clickable.
    expect(body.email?.html).toContain('<a href="https://hookwise.test/phish?rid=preview">');
    // Nothing was saved.
    expect((await preview(h, tenant, campaignId, { language: 'en' })).json<EmailPreview>().email).toBeNull();

    const invalid = await preview(h, tenant, campaignId, { language: 'en', content: { name: 1 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { code: 'invalid_campaign' } });
  });
});
