import { expect, it } from 'vitest';
import type { Dashboard } from '@shared/dashboard';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { PERSON } from '@server/test/click-fixtures';
import { describeEachDatabase } from '@server/test/harness';

interface ResultsAnswer {
  funnel: Record<string, number | null>;
  reporting: { reported: number; median_seconds_to_report: number | null };
  recipients: {
    email: string;
    sent_at: string | null;
    clicked_at: string | null;
    reported_at: string | null;
  }[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle]! + sorted[middle + 1]!) / 2;
};

describeEachDatabase('operator API: dashboard timeline, clicks and reports', (get) => {
  it('counts clicks and reports over time as the results API does, also after a click is taken off', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant, campaignFile());
    // Ann was sent her message two hours ago, the others one hour ago; Hal's send is not known.
    const hour = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();
    const names = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus', 'hal'];
    const sentAt = (name: string) => (name === 'ann' ? hour(2) : name === 'hal' ? '' : hour(1));
    await importCsv(
      h,
      tenant,
      id,
      ['email,sent_at', ...names.map((n) => `${n}@example.com,${sentAt(n)}`)].join('\n'),
    );
    const links = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/links`,
        headers: tenant.headers,
      })
    ).json<{ links: { email: string; rid: string }[] }>().links;
    const rid = (name: string) => links.find((l) => l.email === `${name}@example.com`)!.rid;
    const click = (name: string, ip: string, evidence = PERSON) =>
      h.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          rid: rid(name),
          type: 'clicked',
          details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
        }),
        remoteAddress: ip,
      });
    const report = (name: string) =>
      h.app.inject({ method: 'POST', url: '/api/report', payload: { rid: rid(name) } });

    await click('ann', '192.0.2.10');
    await click('bob', '192.0.3.10');
    // Cy's page is seen with focus (likely human) and counts, until four more recipients open
    // their links from the same network: a scanner's fan-out takes his click off again.
    await click('cy', '192.0.9.10', {
      ...PERSON,
      visible_ms: 5000,
      trusted_gesture: false,
      pointer_moved: false,
    });
    const cyCounted = (await dashboard()).timeline;
    expect(cyCounted.clicks).toBe(3);
    for (const name of ['dee', 'eve', 'fay', 'gus'])
      await h.app.inject({ method: 'GET', url: `/phish?rid=${rid(name)}`, remoteAddress: '192.0.9.20' });
    for (const name of ['ann', 'dee', 'hal']) expect((await report(name)).statusCode).toBe(204);

    const d = await dashboard();
    const results = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/results`,
        headers: tenant.headers,
      })
    ).json<ResultsAnswer>();
    const clicked = results.recipients.filter((r) => r.clicked_at !== null);
    expect(clicked.map((r) => r.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(d.timeline.clicks).toBe(clicked.length);
    expect(d.funnel.find((s) => s.stage === 'clicked')?.count).toBe(results.funnel.clicked);
    expect(d.timeline.buckets.reduce((n, b) => n + b.clicks, 0)).toBe(2);
    expect(d.timeline.first_click_at).toBe(clicked.map((r) => r.clicked_at!).sort()[0]);
    const delays = clicked.map((r) => (Date.parse(r.clicked_at!) - Date.parse(r.sent_at!)) / 1000);
    expect(d.timeline.median_seconds_to_click).toBeCloseTo(median(delays), 0);
    expect(d.timeline.median_seconds_to_click).toBeGreaterThan(5390);
    // Cy and the four links opened after him are the scanner's: their plain GETs are too.
    expect(d.verdicts.reasons).toEqual([
      { verdict: 'human', reason: 'trusted_gesture', count: 2 },
      { verdict: 'automated', reason: 'fan_out', count: 5 },
    ]);

    // Reports: every one over time (Hal's too), the median only where the send is known.
    const reported = results.recipients.filter((r) => r.reported_at !== null);
    expect(d.timeline.reports).toBe(3);
    expect(d.timeline.reports).toBe(results.reporting.reported);
    expect(d.timeline.buckets.reduce((n, b) => n + b.reports, 0)).toBe(3);
    expect(d.timeline.first_report_at).toBe(reported.map((r) => r.reported_at!).sort()[0]);
    expect(d.timeline.median_seconds_to_report).toBe(results.reporting.median_seconds_to_report);
    // Ann two hours after her send, Dee one hour after hers.
    expect(d.timeline.median_seconds_to_report).toBeGreaterThan(5390);
    expect(d.timeline.median_seconds_to_report).toBeLessThan(5500);
    // The timeline runs from the first send to the last report, by the minute.
    expect(d.timeline.start).toBe(
      results.recipients
        .map((r) => r.sent_at)
        .filter(Boolean)
        .sort()[0],
    );
    expect(d.timeline.bucket_seconds).toBe(60);
    const last = d.timeline.buckets.at(-1)!;
    expect(last.reports).toBeGreaterThan(0);

    async function dashboard() {
      const res = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/dashboard`,
        headers: tenant.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<Dashboard>();
    }
  });

  it('has an empty timeline before any click or report', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant, campaignFile());
    await importCsv(h, tenant, id, 'email\nzed@example.com');
    const d = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/dashboard`,
        headers: tenant.headers,
      })
    ).json<Dashboard>();
    expect(d.timeline).toMatchObject({
      buckets: [],
      clicks: 0,
      first_click_at: null,
      median_seconds_to_click: null,
      reports: 0,
      first_report_at: null,
      median_seconds_to_report: null,
    });
  });
});
