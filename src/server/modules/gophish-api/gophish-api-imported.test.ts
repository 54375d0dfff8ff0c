/**
 * A campaign imported from GoPhish with its results, read back through GoPhish's own API as a
 * team's report script reads it: each result's GoPhish status (Email Opened and Error too), the
 * timeline with GoPhish's messages, the stats, the names of its template, page and profile, its
 * launch as created_date. An import run again keeps what the first made (a profile by name, a
 * campaign by name and launch), and a profile name in use is GoPhish's 409.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type {
  GapiCampaign,
  GapiCampaignResults,
  GapiCampaignSummary,
  GapiResponse,
} from '@shared/gophish-api';
import type { GophishImportResult } from '@shared/gophish-import';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../gophish/fixtures', name), 'utf8')) as Record<
    string,
    unknown
  >;

describeEachDatabase('GoPhish API: a campaign imported from GoPhish', (get) => {
  it('answers what GoPhish recorded, and an import run again adds nothing', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Imported');
    const campaign = fixture('campaign-results.json');
    // The template names no sender: GoPhish sent from the profile's address.
    const template = { ...(campaign.template as object), envelope_sender: '' };
    const smtp = fixture('smtp.json');
    const importIt = () =>
      h.admin.inject({
        method: 'POST',
        url: '/api/admin/import/gophish',
        headers: tenant.headers,
        payload: { campaign: { ...campaign, template }, smtp },
      });
    const first = await importIt();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<GophishImportResult>().imported_campaigns).toHaveLength(1);

    const gophish = (url: string) =>
      h.admin.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tenant.apiKey}` } });
    const [listed] = (await gophish('/api/campaigns/')).json<GapiCampaign[]>();
    expect(listed).toMatchObject({
      name: 'Q1 parcels',
      status: 'Completed',
      created_date: '2024-03-04T09:00:00.123Z',
      launch_date: '2024-03-04T09:00:00.123Z',
      completed_date: '2024-03-11T17:00:00.000Z',
      template: { name: 'Parcel held', envelope_sender: 'IT Service Desk <servicedesk@relay.example>' },
      page: { name: 'Mailbox sign-in' },
    });

    const results = (await gophish(`/api/campaigns/${listed!.id}/results`)).json<GapiCampaignResults>();
    expect(Object.fromEntries(results.results.map((r) => [r.email, [r.status, r.reported]]))).toEqual({
      'jana@corp.example': ['Submitted Data', false],
      'petr@corp.example': ['Clicked Link', false],
      'eva@corp.example': ['Email Opened', false],
      'tomas@corp.example': ['Email Sent', true],
      'lucie@corp.example': ['Error', false],
    });
    expect(results.timeline.map((e) => `${e.email} ${e.message}`)).toEqual([
      ' Campaign Created',
      'jana@corp.example Email Sent',
      'petr@corp.example Email Sent',
      'eva@corp.example Email Sent',
      'tomas@corp.example Email Sent',
      'lucie@corp.example Error Sending Email',
      'jana@corp.example Email Opened',
      'jana@corp.example Clicked Link',
      'jana@corp.example Submitted Data',
      'tomas@corp.example Email Reported',
      'petr@corp.example Email Opened',
      'petr@corp.example Clicked Link',
      'petr@corp.example Clicked Link',
      'eva@corp.example Email Opened',
    ]);
    // Nothing of what GoPhish kept of the browser or the typed values comes back.
    expect(results.timeline.every((e) => e.details === '')).toBe(true);

    const summary = (await gophish(`/api/campaigns/${listed!.id}/summary`)).json<GapiCampaignSummary>();
    expect(summary.stats).toEqual({
      total: 5,
      sent: 4,
      opened: 3,
      clicked: 2,
      submitted_data: 1,
      email_reported: 1,
      error: 1,
    });

    const again = await importIt();
    expect(again.statusCode, again.body).toBe(201);
    const answer = again.json<GophishImportResult>();
    expect(answer.imported_campaigns).toEqual([]);
    expect(answer.sending_profiles).toEqual([]);
    expect(answer.report.notices.map((n) => [n.code, n.name])).toEqual(
      expect.arrayContaining([
        ['campaign_kept', 'Q1 parcels'],
        ['library_smtp_kept', 'Relay'],
      ]),
    );
    expect((await gophish('/api/campaigns/')).json<GapiCampaign[]>()).toHaveLength(1);
    expect((await gophish('/api/smtp/')).json<unknown[]>()).toHaveLength(1);

    const taken = await h.admin.inject({
      method: 'POST',
      url: '/api/smtp/',
      headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...smtp, password: 'relay secret' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<GapiResponse>()).toEqual({
      message: 'SMTP name already in use',
      success: false,
      data: null,
    });
  });
});
