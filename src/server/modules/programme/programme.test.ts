import { expect, it } from 'vitest';
import { describeEachDatabase } from '@server/test/harness';
import { importCampaign, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { campaignWith, report, seedProgramme } from '@server/test/programme-fixtures';
import { scimClient } from '@server/test/scim-fixtures';
import { SCIM_ENTERPRISE_USER } from '@shared/scim';
import type { ProgrammeReport } from '@shared/programme';
import { noteCampaignScenario } from './programme.service';

const mix = (d: Partial<Record<'1' | '2' | '3' | '4' | '5' | 'unknown', number>>) => ({
  '1': 0,
  '2': 0,
  '3': 0,
  '4': 0,
  '5': 0,
  unknown: 0,
  ...d,
});

describeEachDatabase('programme report', (get) => {
  let tenant: TestTenant;
  const fetchReport = async (query: string) => {
    tenant ??= await seedProgramme(get());
    return get().admin.inject({
      method: 'GET',
      url: `/api/admin/programme/report?${query}`,
      headers: tenant.headers,
    });
  };

  it('gives each month its people sent, rates, median minutes to report and difficulty mix', async () => {
    const res = await fetchReport('from=2026-01&to=2026-04&group_by=month');
    expect(res.statusCode).toBe(200);
    const body = res.json<ProgrammeReport>();
    expect(body).toMatchObject({
      from: '2026-01',
      to: '2026-04',
      department: null,
      months_by: 'sent_at_utc',
    });
    expect(body.months).toEqual([
      {
        month: '2026-01',
        sent: 4,
        clicked: 1,
        submitted: 1,
        reported: 2,
        click_rate: 0.25,
        submit_rate: 0.25,
        report_rate: 0.5,
        median_minutes_to_report: 75,
        difficulty: mix({ '2': 4 }),
      },
      {
        month: '2026-02',
        sent: 4,
        clicked: 1,
        submitted: 0,
        reported: 3,
        click_rate: 0.25,
        submit_rate: 0,
        report_rate: 0.75,
        median_minutes_to_report: 20,
        difficulty: mix({ unknown: 4 }),
      },
      {
        month: '2026-03',
        sent: 4,
        clicked: 1,
        submitted: 0,
        reported: 2,
        click_rate: 0.25,
        submit_rate: 0,
        report_rate: 0.5,
        median_minutes_to_report: 30,
        difficulty: mix({ '4': 4 }),
      },
      {
        month: '2026-04',
        sent: 0,
        clicked: 0,
        submitted: 0,
        reported: 0,
        click_rate: null,
        submit_rate: null,
        report_rate: null,
        median_minutes_to_report: null,
        difficulty: mix({}),
      },
    ]);
    // Reports after 10, 15, 20, 30, 45, 60 and 120 minutes: the median is 30.
    expect(body.totals).toEqual({
      sent: 12,
      clicked: 3,
      submitted: 1,
      reported: 7,
      click_rate: 0.25,
      submit_rate: 0.083,
      report_rate: 0.583,
      median_minutes_to_report: 30,
      people: 5,
      difficulty: mix({ '2': 4, '4': 4, unknown: 4 }),
    });
  });

  it("breaks the period down by the person's department, else the recipient's", async () => {
    const body = (await fetchReport('from=2026-01&to=2026-03')).json<ProgrammeReport>();
    expect(body.departments).toEqual([
      {
        department: 'IT',
        people: 2,
        sent: 5,
        clicked: 0,
        submitted: 0,
        reported: 5,
        click_rate: 0,
        submit_rate: 0,
        report_rate: 1,
        median_minutes_to_report: 45,
      },
      {
        department: 'Sales',
        people: 2,
        sent: 6,
        clicked: 2,
        submitted: 1,
        reported: 2,
        click_rate: 0.333,
        submit_rate: 0.167,
        report_rate: 0.333,
        median_minutes_to_report: 12.5,
      },
      {
        department: null,
        people: 1,
        sent: 1,
        clicked: 1,
        submitted: 0,
        reported: 0,
        click_rate: 1,
        submit_rate: 0,
        report_rate: 0,
        median_minutes_to_report: null,
      },
    ]);
  });

  it("reports one department's months, and nothing for a department its people are not in", async () => {
    const sales = (await fetchReport('from=2026-01&to=2026-03&department=Sales')).json<ProgrammeReport>();
    expect(sales.department).toBe('Sales');
    expect(
      sales.months.map((m) => [
        m.month,
        m.sent,
        m.clicked,
        m.submitted,
        m.reported,
        m.median_minutes_to_report,
      ]),
    ).toEqual([
      ['2026-01', 2, 1, 1, 0, null],
      ['2026-02', 2, 1, 0, 1, 10],
      ['2026-03', 2, 0, 0, 1, 15],
    ]);
    expect(sales.departments.map((d) => d.department)).toEqual(['Sales']);
    const marketing = (
      await fetchReport('from=2026-01&to=2026-03&department=Marketing')
    ).json<ProgrammeReport>();
    expect(marketing.totals.sent).toBe(0);
    expect(marketing.departments).toEqual([]);
  });

  it("counts a person's past messages under the department the directory gives them now", async () => {
    const h = get();
    const org = await newTenant(h, 'Moving people');
    const scim = await scimClient(h, org);
    const gil = await scim.request('POST', '/Users', {
      userName: 'gil@moving.example',
      emails: [{ value: 'gil@moving.example', primary: true }],
      [SCIM_ENTERPRISE_USER]: { department: 'Finance' },
    });
    expect(gil.statusCode, gil.body).toBe(201);
    // Gil's row names Sales, but the directory says Finance; Hal has only his row's Ops.
    const june = await campaignWith(
      h,
      org,
      'email,department,sent_at\ngil@moving.example,Sales,2026-06-01T09:00:00Z\nhal@moving.example,Ops,2026-06-01T09:00:00Z\n',
    );
    await report(h, org, june.rid('gil@moving.example'), '2026-06-01T09:40:00.000Z');
    const departments = async (query = '') => {
      const res = await h.admin.inject({
        method: 'GET',
        url: `/api/admin/programme/report?from=2026-06&to=2026-06${query}`,
        headers: org.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<ProgrammeReport>()
        .departments.map((d) => [d.department, d.people, d.sent, d.reported, d.median_minutes_to_report]);
    };
    expect(await departments()).toEqual([
      ['Finance', 1, 1, 1, 40],
      ['Ops', 1, 1, 0, null],
    ]);

    const moved = await scim.request('PATCH', `/Users/${gil.json<{ id: string }>().id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: `${SCIM_ENTERPRISE_USER}:department`, value: 'Legal' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await departments()).toEqual([
      ['Legal', 1, 1, 1, 40],
      ['Ops', 1, 1, 0, null],
    ]);
    expect(await departments('&department=Legal')).toEqual([['Legal', 1, 1, 1, 40]]);
    expect(await departments('&department=Finance')).toEqual([]);

    // Sent again after the move: the new message is Legal's too, once per person.
    const july = await campaignWith(
      h,
      org,
      'email,department,sent_at\ngil@moving.example,Sales,2026-06-20T09:00:00Z\n',
    );
    expect(july.rid('gil@moving.example')).toBeTruthy();
    expect(await departments()).toEqual([
      ['Legal', 1, 2, 1, 40],
      ['Ops', 1, 1, 0, null],
    ]);
  });

  it('refuses a malformed or reversed period with the error shape', async () => {
    for (const query of [
      'from=2026-13',
      'from=2026-05&to=2026-01',
      'from=2020-01&to=2026-12',
      'group_by=week',
    ]) {
      const res = await fetchReport(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'validation_failed' } });
    }
  });

  it('notes a scenario only for a campaign of the tenant', async () => {
    const h = get();
    const other = await newTenant(h, 'Stranger');
    const theirs = await importCampaign(h, other);
    await expect(
      noteCampaignScenario(h.database.db, tenant.tenantId, theirs, {
        scenario_id: 'voicemail',
        difficulty: 3,
        lure: 'voicemail',
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
