/**
 * What follows a report, through a real SMTP server: reviewers mailed their /poll link when
 * URLs wait (once per interval, only for new ones), a decision made through that link flowing
 * back, and reporters answered in their own language — on receipt, then "real phishing", and
 * "well spotted" for a simulation — only at the tenant's own domains, and only once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importCampaign, importCsv, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { sinkProfile } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { ingestReport } from './mail-reports.service';
import { runReportMailer } from './report-mailer';

const fixture = (name: string, values: Record<string, string> = {}) =>
  Buffer.from(
    Object.entries(values).reduce(
      (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
      readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'),
    ),
  );

const quiet = { warn: () => undefined };
const run = (h: Harness) => actingAs(SYSTEM_ACTOR, () => runReportMailer(h.database.db, h.config, quiet));
const ingest = (h: Harness, tenant: TestTenant, raw: Buffer) =>
  actingAs(SYSTEM_ACTOR, () => ingestReport(h.database.db, tenant.tenantId, raw, { source: 'api' }));

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const to = (address: string) => sink.received.filter((m) => m.to === address);

describeEachDatabase('mail that follows reports', (get) => {
  it('mails reviewers their link, brings the decision back, and answers reporters in their language', async () => {
    const h = get();
    // One SMTP server for both databases' runs: each test reads only what it sent.
    sink.received.length = 0;
    const tenant = await newTenant(h);
    const profile = await sinkProfile(h, tenant.headers, sink, 'security@acme.example');
    // Ben reads German: the campaign he was in says so.
    const campaign = await importCampaign(h, tenant);
    // So does one of the reviewers.
    await importCsv(h, tenant, campaign, 'email,language\nben@acme.example,de\npruefer@acme.example,de\n');
    const put = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/report-followup',
      headers: tenant.headers,
      payload: {
        reviewers: ['analyst@acme.example', 'pruefer@acme.example'],
        profile_id: profile,
        reviewer_interval_minutes: 60,
        answers_enabled: true,
        answer_domains: ['acme.example'],
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    await ingest(
      h,
      tenant,
      fixture('real-phish-wrapped.eml', { REPORTER: 'ben@acme.example', REPORT_ID: 'b' }),
    );
    // Someone outside the tenant's domains is never answered.
    await ingest(
      h,
      tenant,
      fixture('real-phish-wrapped.eml', { REPORTER: 'x@elsewhere.example', REPORT_ID: 'x' }),
    );
    await run(h);

    const receipt = to('ben@acme.example');
    expect(receipt.map((m) => m.subject)).toEqual([
      'Ihre Meldung ist eingegangen: Action required: password expires today',
    ]);
    expect(receipt[0]?.envelopeFrom).toBe('security@acme.example');
    expect(to('x@elsewhere.example')).toEqual([]);
    const mailed = to('analyst@acme.example');
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.subject).toBe('Reported URLs wait for your review (3)');
    const german = to('pruefer@acme.example');
    expect(german.map((m) => m.subject)).toEqual(['Gemeldete URLs warten auf Ihre Prüfung (3)']);
    expect(german[0]?.text).toMatch(/^Mitarbeitende haben URLs gemeldet/);
    expect(german[0]?.text).toContain('https://hookwise.test/poll?p=');
    const link = /https:\/\/hookwise\.test\/poll\?p=(\S+)/.exec(mailed[0]?.text ?? '');
    expect(link).not.toBeNull();

    // Nothing new: no second mail to the reviewer, no second receipt.
    await run(h);
    expect(to('analyst@acme.example')).toHaveLength(1);
    expect(to('ben@acme.example')).toHaveLength(1);

    // The reviewer marks one URL malicious through the link they were mailed.
    const submit = await h.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { authorization: `Bearer ${link?.[1] ?? ''}`, 'content-type': 'application/json' },
      payload: { url: 'https://login.contoso-hr.example/keep', decision: 'TP' },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    await run(h);
    expect(to('ben@acme.example').map((m) => m.subject)).toEqual([
      'Ihre Meldung ist eingegangen: Action required: password expires today',
      'Sie haben echtes Phishing gemeldet: Action required: password expires today',
    ]);
    await run(h);
    expect(to('ben@acme.example')).toHaveLength(2);
  });

  it('tells a reporter of a simulation "well spotted", in the texts the operator wrote', async () => {
    const h = get();
    // One SMTP server for both databases' runs: each test reads only what it sent.
    sink.received.length = 0;
    const tenant = await newTenant(h);
    const profile = await sinkProfile(h, tenant.headers, sink, 'security@acme.example');
    const campaign = await importCampaign(h, tenant);
    await importCsv(h, tenant, campaign, 'email,language\njana.novak@acme.example,fr\n');
    const rid = (
      await h.database.db
        .selectFrom('recipients')
        .select('rid')
        .where('campaign_id', '=', campaign)
        .executeTakeFirstOrThrow()
    ).rid;
    await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/report-followup',
      headers: tenant.headers,
      payload: {
        reviewers: [],
        profile_id: profile,
        answers_enabled: true,
        answer_domains: ['acme.example'],
        answer_texts: {
          simulation: { fr: { subject: 'Bravo ! {{subject}}', text: 'Merci, équipe sécurité.' } },
        },
      },
    });
    await ingest(h, tenant, fixture('outlook-inline-forward.eml', { RID: rid }));
    await run(h);
    const answers = to('jana.novak@acme.example');
    expect(answers.map((m) => m.subject)).toEqual(['Bravo ! Your mailbox is almost full']);
    expect(answers[0]?.text.trim()).toBe('Merci, équipe sécurité.');
  });

  it('keeps reporters pseudonymous where the tenant asks, and still answers them', async () => {
    const h = get();
    sink.received.length = 0;
    const tenant = await newTenant(h);
    const other = await newTenant(h, 'Other');
    const profile = await sinkProfile(h, tenant.headers, sink, 'security@acme.example');
    const put = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/report-followup',
      headers: tenant.headers,
      payload: {
        reviewers: [],
        profile_id: profile,
        answers_enabled: true,
        pseudonymous_reporters: true,
        answer_domains: ['acme.example'],
      },
    });
    expect(put.json()).toMatchObject({ pseudonymous_reporters: true });
    const report = (who: string, id: string, t: TestTenant = tenant) =>
      actingAs(SYSTEM_ACTOR, () =>
        ingestReport(
          h.database.db,
          t.tenantId,
          fixture('real-phish-wrapped.eml', { REPORTER: who, REPORT_ID: id }),
          {
            source: 'api',
            secretsKey: h.config.secretsKey,
          },
        ),
      );
    await report('ana@acme.example', 'a1');
    await report('ana@acme.example', 'a2');
    await report('ben@acme.example', 'b1');
    await report('ana@acme.example', 'o1', other);

    const listed = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/mail-reports', headers: tenant.headers })
    ).json<{ reports: { reporter: string }[] }>().reports;
    const names = listed.map((r) => r.reporter);
    for (const name of names) expect(name).toMatch(/^Reporter [0-9A-F]{4}-[0-9A-F]{4}$/);
    // Ana twice under one name, Ben under another: the cluster still counts two people.
    expect(new Set(names).size).toBe(2);
    const clusters = (
      await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-reports/clusters',
        headers: tenant.headers,
      })
    ).json<{ clusters: { reporters: number; reports: number }[] }>().clusters;
    expect(clusters).toEqual([expect.objectContaining({ reporters: 2, reports: 3 })]);
    // Another tenant knows Ana by another name.
    const elsewhere = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/mail-reports', headers: other.headers })
    ).json<{ reports: { reporter: string }[] }>().reports;
    expect(elsewhere[0]?.reporter).toBe('ana@acme.example');

    // Nowhere in what the reports and the reviewers' queue keep is an address written plainly.
    const kept = JSON.stringify([
      await h.database.db
        .selectFrom('mail_reports')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .execute(),
      await h.database.db
        .selectFrom('reported_url_reporters')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .execute(),
    ]);
    expect(kept).not.toContain('ana@acme.example');
    expect(kept).not.toContain('ben@acme.example');

    // The answers still reach them, at their own address.
    await run(h);
    expect(to('ana@acme.example').map((m) => m.subject)).toEqual([
      'We received your report: Action required: password expires today',
      'We received your report: Action required: password expires today',
    ]);
    expect(to('ben@acme.example')).toHaveLength(1);
  });
});
