/**
 * A QR campaign through the outbox to a real SMTP server: each message's HTML part shows an
 * inline PNG by its Content-ID that decodes to that recipient's own link with `&via=qr`. The
 * preview shows the same code drawn for the placeholder rid, and scanning it records nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EmailPreview, SendingProgress } from '@shared/sending';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { decodeQrDataUrl, decodeQrPng } from '@server/test/qr-decode';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { drain, sinkProfile, testWorker } from '@server/test/sending-fixtures';

const EMAIL = {
  from: 'Facilities <facilities@northwind.example>',
  subject: 'New parking permits',
  body: 'Hello {{first_name}},\n\nScan the code to renew your permit:\n\n{{qr_code}}',
  html: '<p>Hello {{first_name}},</p><p>Scan the code to renew your permit:</p>{{qr_code}}',
};

describeEachDatabase('a QR campaign', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it('sends each recipient an inline QR code of their own link, marked via=qr', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const profileId = await sinkProfile(h, tenant.headers, sink, 'bounces@northwind.example');
    const campaignId = await importCampaign(
      h,
      tenant,
      campaignFile({ email: EMAIL, translations: { de: { email: { subject: 'Neue Parkausweise' } } } }),
    );
    await importCsv(
      h,
      tenant,
      campaignId,
      'email,first_name,language\nqr.ana@example.com,Ana,\nqr.ben@example.com,Ben,de\n',
    );
    const progress = async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${campaignId}/sending`,
          headers: tenant.headers,
        })
      ).json<SendingProgress>();
    const started = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profileId, rate_per_minute: 60_000 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const worker = testWorker(h);
    await drain(worker, progress);
    await worker.stop();

    const links = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaignId}/links`,
        headers: tenant.headers,
      })
    ).json<{ links: { email: string; rid: string }[] }>().links;
    for (const [to, alt] of [
      ['qr.ana@example.com', 'QR code'],
      ['qr.ben@example.com', 'QR-Code'],
    ] as const) {
      const message = sink.received.find((m) => m.to === to)!;
      const rid = links.find((l) => l.email === to)!.rid;
      const link = `https://hookwise.test/phish?rid=${rid}`;
      const image = message.attachments.find((a) => a.contentType === 'image/png')!;
      expect(image.cid).toBe('qr-code@hookwise');
      expect(image.contentDisposition).toBe('inline');
      expect(message.html).toMatch(new RegExp(`<img src="cid:qr-code@hookwise" alt="${alt}"`));
      expect(decodeQrPng(image.content)).toBe(`${link}&via=qr`);
      // The text part, which shows no image, carries the link itself.
      expect(message.text).toContain(link);
      expect(message.text).not.toContain('via=qr');
    }
  });

  it('shows the code in the preview, for the placeholder rid that records nothing', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const campaignId = await importCampaign(h, tenant, campaignFile({ email: EMAIL }));
    const res = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/email-preview`,
      headers: tenant.headers,
      payload: { language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<EmailPreview>();
    const document = await h.admin.inject({ method: 'GET', url: preview.document! });
    const src = /<img src="(data:image\/png;base64,[^"]+)" alt="QR code"/.exec(document.body)?.[1];
    expect(src).toBeDefined();
    const scanned = decodeQrDataUrl(src!);
    expect(scanned).toBe('https://hookwise.test/phish?rid=preview&via=qr');
    expect(String(document.headers['content-security-policy'])).toContain('img-src https: data:');
    // Scanning it from the preview opens no recipient's page and records nothing.
    const visits = () => h.database.db.selectFrom('visits').select('id').execute();
    const before = (await visits()).length;
    const { pathname, search } = new URL(scanned!);
    expect((await h.app.inject({ method: 'GET', url: pathname + search })).statusCode).toBeLessThan(500);
    expect((await h.app.inject({ method: 'GET', url: '/api/campaign/preview' })).statusCode).toBe(404);
    expect((await visits()).length).toBe(before);
  });
});
