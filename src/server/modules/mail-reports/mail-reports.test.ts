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
