/**
 * Reported mail sorted as an analyst expects, from messages written as Outlook, Gmail and mail
 * gateways write them: simulations credited (by a rid behind a Safe Link, or by the outbox's
 * Message-ID when a gateway hid the link), real phish unwrapped into the reviewers' queue with
 * their reporter, one cluster for one message reported by three people, QR codes read, and
 * what cannot be read kept whole with the reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import QRCode from 'qrcode';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { importCampaign, importCsv, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { newId, nowIso } from '@server/lib/ids';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { outlookMsg } from '@server/test/outlook-msg';
import { ingestReport } from './mail-reports.service';

const fixture = (name: string, values: Record<string, string> = {}) =>
  Buffer.from(
    Object.entries(values).reduce(
      (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
      readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'),
    ),
  );

const ingest = (h: Harness, tenant: TestTenant, raw: Buffer) =>
  actingAs(SYSTEM_ACTOR, () => ingestReport(h.database.db, tenant.tenantId, raw, { source: 'api' }));

async function launched(h: Harness, tenant: TestTenant) {
  const campaignId = await importCampaign(h, tenant);
  await importCsv(h, tenant, campaignId, 'email\njana.novak@acme.example\nomar.haddad@acme.example\n');
  const recipients = await h.database.db
    .selectFrom('recipients')
    .select(['id', 'rid', 'email', 'reported_at'])
    .where('campaign_id', '=', campaignId)
    .orderBy('email')
    .execute();
  return { campaignId, jana: recipients[0]!, omar: recipients[1]! };
}

const reportedAt = async (h: Harness, id: string) =>
  (
    await h.database.db
      .selectFrom('recipients')
      .select('reported_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).reported_at;

async function queue(h: Harness, tenant: TestTenant) {
  const res = await h.admin.inject({ method: 'GET', url: '/api/admin/reports', headers: tenant.headers });
  return res.json<{ reports: { url: string; report_count: number; reporters: { reporter: string }[] }[] }>()
    .reports;
}

describeEachDatabase('reported mail', (get) => {
  it('credits a simulation forwarded inline by Outlook, through the Safe Link around its rid', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const { jana, omar } = await launched(h, tenant);
    const result = await ingest(h, tenant, fixture('outlook-inline-forward.eml', { RID: jana.rid }));
    expect(result).toMatchObject({ outcome: 'simulation', credited: 1, urls: [] });
    expect(await reportedAt(h, jana.id)).toBeTruthy();
    expect(await reportedAt(h, omar.id)).toBeNull();
    // Reported twice: credited once, at the first report's time.
    const first = await reportedAt(h, jana.id);
    await ingest(h, tenant, fixture('outlook-inline-forward.eml', { RID: jana.rid }));
    expect(await reportedAt(h, jana.id)).toBe(first);
    expect(await queue(h, tenant)).toEqual([]);
  });

  it("credits a simulation forwarded as attachment by the outbox's Message-ID when the gateway hid the link", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const { campaignId, omar } = await launched(h, tenant);
    const messageId = `<${newId()}@northwind.example>`;
    await h.database.db
      .insertInto('outbox')
      .values({
        id: newId(),
        tenant_id: tenant.tenantId,
        campaign_id: campaignId,
        recipient_id: omar.id,
        state: 'sent',
        due_at: nowIso(),
        message_id: messageId,
        sent_at: nowIso(),
        updated_at: nowIso(),
        claimed_by: null,
        lease_until: null,
        last_reply: null,
        last_cause: null,
      })
      .execute();
    const result = await ingest(h, tenant, fixture('attached-rewritten.eml', { MESSAGE_ID: messageId }));
    expect(result).toMatchObject({ outcome: 'simulation', credited: 1 });
    expect(await reportedAt(h, omar.id)).toBeTruthy();

    // The same Message-ID reported to another tenant credits nobody there.
    const other = await newTenant(h, 'Other');
    const elsewhere = await ingest(h, other, fixture('attached-rewritten.eml', { MESSAGE_ID: messageId }));
    expect(elsewhere.outcome).not.toBe('simulation');
  });

  it('unwraps a real phish into the queue, and clusters three people reporting it', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const reporters = ['ana@acme.example', 'ben@acme.example', 'cho@acme.example'];
    const results = [];
    for (const [i, reporter] of reporters.entries()) {
      results.push(
        await ingest(
          h,
          tenant,
          fixture('real-phish-wrapped.eml', { REPORTER: reporter, REPORT_ID: `r${i}` }),
        ),
      );
    }
    expect(results[0]).toMatchObject({ outcome: 'queued', credited: 0 });
    expect(results[0]?.urls.sort()).toEqual([
      'http://www.contoso-hr.example/help',
      'https://login.contoso-hr.example/keep',
      'https://login.contoso-hr.example/keep%2Fpassword?u=staff',
    ]);
    expect(new Set(results.map((r) => r.clusterKey)).size).toBe(1);
    const queued = await queue(h, tenant);
    const keep = queued.find((q) => q.url === 'https://login.contoso-hr.example/keep');
    expect(keep?.report_count).toBe(3);
    expect(keep?.reporters.map((r) => r.reporter).sort()).toEqual(reporters);
    // Nothing of the gateways' wrappers, and no remote image, reaches the queue.
    expect(queued.some((q) => /safelinks|urldefense|tracker/.test(q.url))).toBe(false);
    const row = await h.database.db
      .selectFrom('mail_reports')
      .select(['sender', 'subject', 'headers'])
      .where('id', '=', results[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      sender: 'it@acme.example',
      subject: 'Action required: password expires today',
    });
    expect(JSON.parse(row.headers)).toMatchObject({
      reply_to: 'helpdesk-desk@contoso-hr.example',
      return_path: 'bounce@contoso-hr.example',
      authentication_results: [expect.stringContaining('dmarc=fail')],
    });
  });

  it("reads a Gmail forward's quoted sender and subject and unwraps Google's redirect", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const result = await ingest(h, tenant, fixture('gmail-forward.eml'));
    expect(result).toMatchObject({ outcome: 'queued', urls: ['https://dhl-parcels.example/pay?id=88'] });
    const row = await h.database.db
      .selectFrom('mail_reports')
      .select(['sender', 'subject', 'reporter'])
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      sender: 'noreply@dhl-parcels.example',
      subject: 'DHL: your parcel is waiting',
      reporter: 'lucia.rossi@acme.example',
    });
  });

  it('reads the URL in a QR code image, and refuses an image that declares too many pixels', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const png = await QRCode.toBuffer('https://mailbox-quota.example/scan?u=7', { width: 300 });
    // A valid PNG header declaring 60000×60000 pixels: a decompression bomb if decoded.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60000, 16);
    bomb.writeUInt32BE(60000, 20);
    const raw = await compose({
      from: 'Kim Lee <kim.lee@acme.example>',
      to: 'phishing@acme.example',
      subject: 'FW: Scan to keep your mailbox',
      text: 'Got this with only a picture in it.',
      attachments: [
        { filename: 'scan.png', content: png, contentType: 'image/png' },
        { filename: 'big.png', content: bomb, contentType: 'image/png' },
      ],
    });
    const result = await ingest(h, tenant, raw);
    expect(result).toMatchObject({ outcome: 'queued', urls: ['https://mailbox-quota.example/scan?u=7'] });
    const row = await h.database.db
      .selectFrom('mail_reports')
      .select('notes')
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.notes)).toEqual(['an image was not read: image of 60000×60000 pixels']);
  });

  it("reads an Outlook .msg attachment: its body's URLs, its sender and its transport headers", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const msg = outlookMsg({
      subject: 'Urgent: confirm your payroll details',
      from: 'hr-payroll@payroll-confirm.example',
      body: 'Confirm your details before Friday: https://payroll-confirm.example/login?id=4',
      headers:
        'Received: from mx.payroll-confirm.example (203.0.113.5) by mx.acme.example\r\n' +
        'Authentication-Results: mx.acme.example; spf=fail smtp.mailfrom=payroll-confirm.example; dmarc=fail\r\n' +
        'From: HR Payroll <hr-payroll@payroll-confirm.example>\r\n' +
        'Subject: Urgent: confirm your payroll details\r\n' +
        'Message-ID: <88.payroll@payroll-confirm.example>\r\n',
    });
    const raw = await compose({
      from: 'Omar Haddad <omar.haddad@acme.example>',
      to: 'phishing@acme.example',
      subject: 'FW: Urgent: confirm your payroll details',
      text: 'Attached as an Outlook item.',
      attachments: [
        {
          filename: 'Urgent confirm your payroll details.msg',
          content: msg,
          contentType: 'application/vnd.ms-outlook',
        },
      ],
    });
    const result = await ingest(h, tenant, raw);
    expect(result).toMatchObject({ outcome: 'queued', urls: ['https://payroll-confirm.example/login?id=4'] });
    const report = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/mail-reports',
      headers: tenant.headers,
    });
    expect(report.json<{ reports: unknown[] }>().reports[0]).toMatchObject({
      reporter: 'omar.haddad@acme.example',
      sender: 'hr-payroll@payroll-confirm.example',
      subject: 'Urgent: confirm your payroll details',
      authentication_results: [expect.stringContaining('spf=fail')],
      received: [expect.stringContaining('mx.payroll-confirm.example')],
    });
  });

  it('reads a .msg file as Outlook for Windows saved it: its sender, subject, Message-ID and Received path', async () => {
    const h = get();
    const tenant = await newTenant(h);
    // fixtures/outlook-saved.msg: a message Outlook saved to disk (published as the test data of
    // an ISC-licensed .msg reader), byte for byte; it carries no URL.
    const raw = await compose({
      from: 'Omar Haddad <omar.haddad@acme.example>',
      to: 'phishing@acme.example',
      subject: 'FW: asdf',
      text: 'Attached as an Outlook item.',
      attachments: [
        {
          filename: 'asdf.msg',
          content: readFileSync(path.join(import.meta.dirname, 'fixtures', 'outlook-saved.msg')),
          contentType: 'application/vnd.ms-outlook',
        },
      ],
    });
    expect(await ingest(h, tenant, raw)).toMatchObject({ outcome: 'no_urls', urls: [] });
    const report = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/mail-reports',
      headers: tenant.headers,
    });
    expect(report.json<{ reports: unknown[] }>().reports[0]).toMatchObject({
      reporter: 'omar.haddad@acme.example',
      sender: 'christoph@freiraum.xyz',
      subject: 'asdf',
      return_path: 'christoph@freiraum.xyz',
      received: [expect.stringMatching(/^from DESKTOPGBT9Q6P .* by smtp\.gmail\.com with ESMTPSA/)],
    });
  });

  it("reads Microsoft 365's report-to-mailbox format: its verdict prefix off, the attached message read", async () => {
    const h = get();
    const tenant = await newTenant(h);
    const result = await ingest(h, tenant, fixture('m365-report-to-mailbox.eml'));
    expect(result).toMatchObject({ outcome: 'queued', urls: ['https://m365-support.example/keep-password'] });
    const report = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/mail-reports',
      headers: tenant.headers,
    });
    expect(report.json<{ reports: unknown[] }>().reports[0]).toMatchObject({
      reporter: 'kim.lee@acme.example',
      sender: 'no-reply@m365-support.example',
      subject: 'Your Microsoft 365 password expires in 2 days',
      authentication_results: [expect.stringContaining('compauth=fail')],
    });
  });

  it('refuses messages nested deeper than three, and an attached Outlook file that is not one', async () => {
    const h = get();
    const tenant = await newTenant(h);
    let nested = await compose({
      from: 'a@acme.example',
      to: 'b@acme.example',
      subject: 'core',
      text: 'https://deep.example/',
    });
    for (let level = 0; level < 5; level++) {
      nested = await compose({
        from: 'a@acme.example',
        to: 'b@acme.example',
        subject: `level ${level}`,
        text: 'see attached',
        // Forwarded as attachment, as mail clients do it.
        attachments: [
          {
            filename: 'inner.eml',
            content: nested,
            contentType: 'message/rfc822',
            contentDisposition: 'attachment',
          },
        ],
      });
    }
    expect(await ingest(h, tenant, nested)).toMatchObject({
      outcome: 'failed',
      error: 'Messages nested more than 3 deep',
    });
    const fake = await compose({
      from: 'a@acme.example',
      to: 'b@acme.example',
      subject: 'FW: x',
      text: 'see attached',
      attachments: [
        {
          filename: 'x.msg',
          content: Buffer.from('not a compound file'),
          contentType: 'application/vnd.ms-outlook',
        },
      ],
    });
    expect(await ingest(h, tenant, fake)).toMatchObject({
      outcome: 'failed',
      error: 'The attached Outlook message could not be read',
    });
  });

  it('keeps what it cannot read, whole, with the reason in plain words', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const garbage = Buffer.from('\u0000\u0001PK\u0003\u0004 not mail at all');
    const junk = await ingest(h, tenant, garbage);
    expect(junk).toMatchObject({
      outcome: 'failed',
      error: 'This is not an e-mail message (no header block)',
    });
    const huge = Buffer.concat([Buffer.from('Subject: big\r\n\r\n'), Buffer.alloc(26 * 1024 * 1024, 0x61)]);
    const large = await ingest(h, tenant, huge);
    expect(large).toMatchObject({
      outcome: 'failed',
      error: 'The message is larger than 25 MB, the most a report may be',
    });
    const kept = await h.database.db
      .selectFrom('mail_reports')
      .select('raw')
      .where('id', '=', junk.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(kept.raw ?? '', 'base64').equals(garbage)).toBe(true);
  });
});

function compose(message: SendMailOptions): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return transport.sendMail(message).then((info) => info.message as Buffer);
}
