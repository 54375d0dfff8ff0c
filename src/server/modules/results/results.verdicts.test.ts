import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { PERSON } from '@server/test/click-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';

describeEachDatabase('results with verdicts', (get) => {
  it('imports sent_at, counts clicked as human + likely_human, and gives each verdict with its reasons', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    const sentAt = new Date(Date.now() - 2000).toISOString();
    const imported = await importCsv(
      h,
      tenant,
      id,
      `email,sent_at\nann@example.com,\nbob@example.com,${sentAt}\ncy@example.com,\ndee@example.com,yesterday\n`,
    );
    expect(imported.json()).toMatchObject({
      accepted: 3,
      rejected: [{ line: 5, reason: expect.stringMatching(/^sent_at: not an ISO 8601 time.*"yesterday"$/) }],
    });
    const links = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/links`,
        headers: tenant.headers,
      })
    ).json<{ links: { email: string; rid: string }[] }>().links;
    const rid = (email: string) => links.find((l) => l.email === email)!.rid;
    const click = (email: string, ip: string, evidence: typeof PERSON) =>
      h.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          rid: rid(email),
          type: 'clicked',
          details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
        }),
        remoteAddress: ip,
      });
    await click('ann@example.com', '192.0.2.10', PERSON);
    await click('bob@example.com', '192.0.3.10', PERSON);
    await click('cy@example.com', '192.0.4.10', { ...PERSON, webdriver: true });

    const res = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results`,
      headers: tenant.headers,
    });
    const body = res.json<{
      funnel: Record<string, number>;
      verdicts: Record<string, number>;
      recipients: {
        email: string;
        verdict: string;
        verdict_reasons: string[];
        clicked_at: string | null;
        sent_at: string | null;
      }[];
    }>();
    expect(body.funnel.clicked).toBe(1);
    expect(body.verdicts).toEqual({
      human: 1,
      likely_human: 0,
      automated: 2,
      unverified: 0,
      not_visited: 0,
      filtered_visits: 2,
    });
    const byEmail = new Map(body.recipients.map((r) => [r.email, r]));
    expect(byEmail.get('ann@example.com')).toMatchObject({
      verdict: 'human',
      verdict_reasons: ['trusted pointer gesture'],
      sent_at: null,
    });
    expect(byEmail.get('ann@example.com')!.clicked_at).not.toBeNull();
    expect(byEmail.get('bob@example.com')).toMatchObject({
      verdict: 'automated',
      sent_at: sentAt,
      clicked_at: null,
    });
    expect(byEmail.get('bob@example.com')!.verdict_reasons).toEqual([
      expect.stringMatching(/^\d\.\d s after send$/),
    ]);
    expect(byEmail.get('cy@example.com')).toMatchObject({
      verdict: 'automated',
      verdict_reasons: ['navigator.webdriver'],
      status: 'created',
    });

    const csv = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/results.csv`,
      headers: tenant.headers,
    });
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows.find((r) => r.email === 'cy@example.com')).toMatchObject({
      verdict: 'automated',
      verdict_reasons: 'navigator.webdriver',
    });
  });
});
