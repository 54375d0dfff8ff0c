/**
 * Clicks split by source: a person who scanned the message's QR code shows `qr` in the results,
 * the dashboard, the recipients table, the activity and the CSV; a gateway that decodes the code
 * and opens its link (a plain GET, a HEAD, a driven browser) is judged as any scanner and counts
 * nowhere.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { Dashboard, RecipientActivity, RecipientTable } from '@shared/dashboard';
import type { Results } from '@shared/results';
import { PERSON } from '@server/test/click-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';

const GATEWAY_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';

describeEachDatabase('clicks by source (link or QR code)', (get) => {
  it('counts a person’s QR click as qr everywhere, and a QR-decoding gateway nowhere', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    await importCsv(h, tenant, id, 'email\nann@example.com\nbob@example.com\ncy@example.com\n');
    const admin = async (url: string) => {
      const res = await h.admin.inject({ method: 'GET', url, headers: tenant.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const links = (await admin(`/api/admin/campaigns/${id}/links`)).json<{
      links: { email: string; rid: string }[];
    }>().links;
    const rid = (email: string) => links.find((l) => l.email === email)!.rid;
    const click = (email: string, ip: string, via: 'link' | 'qr', evidence = PERSON) =>
      h.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          rid: rid(email),
          type: 'clicked',
          details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence, via },
        }),
        remoteAddress: ip,
      });

    // The gateway decodes cy's code and opens it: a plain GET, a HEAD, then a driven browser.
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await h.app.inject({
        method,
        url: `/phish?rid=${rid('cy@example.com')}&via=qr`,
        headers: { 'user-agent': GATEWAY_AGENT, accept: '*/*' },
        remoteAddress: '198.51.100.7',
      });
      expect(res.statusCode).toBe(200);
    }
    await click('cy@example.com', '198.51.100.7', 'qr', { ...PERSON, webdriver: true });
    // Ann scanned her code and acted on the page; Bob clicked his link.
    expect((await click('ann@example.com', '192.0.2.10', 'qr')).statusCode).toBeLessThan(300);
    expect((await click('bob@example.com', '192.0.3.10', 'link')).statusCode).toBeLessThan(300);

    const results = (await admin(`/api/admin/campaigns/${id}/results`)).json<Results>();
    expect(results.funnel.clicked).toBe(2);
    expect(results.funnel.clicked_via).toEqual({ link: 1, qr: 1 });
    const via = Object.fromEntries(results.recipients.map((r) => [r.email, r.click_via]));
    expect(via).toEqual({ 'ann@example.com': 'qr', 'bob@example.com': 'link', 'cy@example.com': null });
    expect(results.recipients.find((r) => r.email === 'cy@example.com')!.verdict).toBe('automated');

    const csv = parse<Record<string, string>>((await admin(`/api/admin/campaigns/${id}/results.csv`)).body, {
      columns: true,
    });
    expect(Object.fromEntries(csv.map((r) => [r.email, r.click_via]))).toEqual({
      'ann@example.com': 'qr',
      'bob@example.com': 'link',
      'cy@example.com': '',
    });

    const dashboard = (await admin(`/api/admin/campaigns/${id}/dashboard`)).json<Dashboard>();
    expect(dashboard.clicked_via).toEqual({ link: 1, qr: 1 });
    const table = (await admin(`/api/admin/campaigns/${id}/results/recipients`)).json<RecipientTable>();
    expect(Object.fromEntries(table.items.map((r) => [r.email, r.click_via]))).toEqual(via);
    const ann = table.items.find((r) => r.email === 'ann@example.com')!;
    const activity = (
      await admin(`/api/admin/campaigns/${id}/results/recipients/${ann.id}`)
    ).json<RecipientActivity>();
    expect(activity.visits.map((v) => [v.via, v.verdict])).toEqual([['qr', 'human']]);
    const cy = table.items.find((r) => r.email === 'cy@example.com')!;
    const gateway = (
      await admin(`/api/admin/campaigns/${id}/results/recipients/${cy.id}`)
    ).json<RecipientActivity>();
    // Every visit of the gateway came through the code, and none was counted.
    expect(gateway.visits.length).toBeGreaterThanOrEqual(2);
    expect(
      gateway.visits.every((v) => v.via === 'qr' && v.verdict !== 'human' && v.verdict !== 'likely_human'),
    ).toBe(true);
  });
});
