/** A programme's history for tests: campaigns over three months, clicks (a scanner's too), submissions and reports at known times. */
import { expect } from 'vitest';
import { creditReportedMessage } from '../modules/report-button/report-button.service';
import { noteCampaignScenario } from '../modules/programme/programme.service';
import { campaignFile, importCsv, newTenant, type TestTenant } from './admin-fixtures';
import { PERSON } from './click-fixtures';
import type { Harness } from './harness';

/** A campaign with these recipients (CSV rows), and a way to its links by email. */
export async function campaignWith(
  h: Harness,
  tenant: TestTenant,
  csv: string,
  options: { draft?: boolean } = {},
) {
  const res = await h.admin.inject({
    method: 'POST',
    url: `/api/admin/campaigns${options.draft ? '?draft=true' : ''}`,
    headers: tenant.headers,
    payload: campaignFile(),
  });
  const id = res.json<{ id: string }>().id;
  expect((await importCsv(h, tenant, id, csv)).statusCode).toBe(200);
  const links = (
    await h.admin.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/links`, headers: tenant.headers })
  ).json<{ links: { email: string; rid: string }[] }>().links;
  const rid = (email: string) => links.find((l) => l.email === email)!.rid;
  return { id, rid };
}

let ip = 10;
async function click(h: Harness, rid: string, evidence = PERSON) {
  ip += 1;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      rid,
      type: 'clicked',
      details: { reason: 'user_gesture', gesture: 'pointer', elapsed_ms: 10, evidence },
    }),
    remoteAddress: `198.51.${ip}.10`,
  });
  expect(res.statusCode).toBe(200);
}

async function submit(h: Harness, rid: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ rid, type: 'submitted', details: { fields: ['password'] } }),
  });
  expect(res.statusCode).toBe(200);
}

export const report = (h: Harness, tenant: TestTenant, rid: string, at: string) =>
  creditReportedMessage(h.database.db, tenant.tenantId, { rids: [rid], messageIds: [] }, at);

/**
 * Three months of a programme. Ann and Bob are in Sales, Cy and Dee in IT, Fay has no department.
 * January (scenario, difficulty 2): Ann clicks and submits; a scanner opens Bob's link; Cy reports
 * after 30 minutes, Dee after 120. February (not from the library): Ann's row says Marketing, but
 * her person record says Sales; Bob clicks; Ann reports after 10 minutes, Cy after 20, Dee after 60.
 * A draft and an unsent recipient are not counted. March (difficulty 4): Fay clicks; Ann reports
 * after 15 minutes, Cy after 45.
 */
export async function seedProgramme(h: Harness) {
  const tenant = await newTenant(h, 'Programme');
  const jan = await campaignWith(
    h,
    tenant,
    'email,department,sent_at\nann@example.com,Sales,2026-01-10T09:00:00Z\nbob@example.com,Sales,2026-01-10T09:00:00Z\n' +
      'cy@example.com,IT,2026-01-10T09:00:00Z\ndee@example.com,IT,2026-01-10T09:00:00Z\n',
  );
  await noteCampaignScenario(h.database.db, tenant.tenantId, jan.id, {
    scenario_id: 'shared-document',
    difficulty: 2,
    lure: 'shared_document',
  });
  await click(h, jan.rid('ann@example.com'));
  await submit(h, jan.rid('ann@example.com'));
  await click(h, jan.rid('bob@example.com'), { ...PERSON, webdriver: true });
  await report(h, tenant, jan.rid('cy@example.com'), '2026-01-10T09:30:00.000Z');
  await report(h, tenant, jan.rid('dee@example.com'), '2026-01-10T11:00:00.000Z');

  const feb = await campaignWith(
    h,
    tenant,
    'email,department,sent_at\nann@example.com,Marketing,2026-02-14T08:00:00Z\nbob@example.com,Sales,2026-02-14T08:00:00Z\n' +
      'cy@example.com,IT,2026-02-14T08:00:00Z\ndee@example.com,IT,2026-02-14T08:00:00Z\neve@example.com,IT,\n',
  );
  await click(h, feb.rid('bob@example.com'));
  await report(h, tenant, feb.rid('ann@example.com'), '2026-02-14T08:10:00.000Z');
  await report(h, tenant, feb.rid('cy@example.com'), '2026-02-14T08:20:00.000Z');
  await report(h, tenant, feb.rid('dee@example.com'), '2026-02-14T09:00:00.000Z');
  await campaignWith(
    h,
    tenant,
    'email,department,sent_at\nann@example.com,Sales,2026-02-20T08:00:00Z\nbob@example.com,Sales,2026-02-20T08:00:00Z\n',
    { draft: true },
  );

  const mar = await campaignWith(
    h,
    tenant,
    'email,department,sent_at\nann@example.com,Sales,2026-03-03T10:00:00Z\nbob@example.com,Sales,2026-03-03T10:00:00Z\n' +
      'cy@example.com,IT,2026-03-03T10:00:00Z\nfay@example.com,,2026-03-03T10:00:00Z\n',
  );
  await noteCampaignScenario(h.database.db, tenant.tenantId, mar.id, {
    scenario_id: 'parcel-delivery',
    difficulty: 4,
    lure: 'parcel_delivery',
  });
  await click(h, mar.rid('fay@example.com'));
  await report(h, tenant, mar.rid('ann@example.com'), '2026-03-03T10:15:00.000Z');
  await report(h, tenant, mar.rid('cy@example.com'), '2026-03-03T10:45:00.000Z');

  // Another tenant's programme never shows.
  const other = await newTenant(h, 'Other');
  const theirs = await campaignWith(
    h,
    other,
    'email,department,sent_at\nzed@example.com,Sales,2026-01-12T09:00:00Z\n',
  );
  await click(h, theirs.rid('zed@example.com'));
  return tenant;
}
