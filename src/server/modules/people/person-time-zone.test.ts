/**
 * A person's time zone without a directory: a recipients CSV's `Time Zone` column sets it (a
 * later file changes it), `PATCH /api/admin/people/:id` changes it with the department and
 * language, audited (`hookwise people set`: person-commands.test.ts); people the directory manages are refused; and an
 * automation places that person's message in their zone.
 */
import { expect, it } from 'vitest';
import type { AutomationPlan } from '@shared/automations';
import type { Person } from '@shared/people';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { createAutomation, planOf } from '@server/test/automation-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';
import { startSmtpSink } from '@server/test/smtp-sink';
import { sinkProfile } from '@server/test/sending-fixtures';

describeEachDatabase('a person’s time zone', (get) => {
  const personOf = async (tenant: { headers: Record<string, string> }, email: string) => {
    const res = await get().admin.inject({
      method: 'GET',
      url: `/api/admin/people?q=${encodeURIComponent(email)}`,
      headers: tenant.headers,
    });
    return res.json<{ items: Person[] }>().items[0]!;
  };

  it('comes from a CSV’s Time Zone column, any spelling, and a later file changes it', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Zones CSV');
    const first = await importCampaign(h, tenant);
    const report = await importCsv(
      h,
      tenant,
      first,
      'Email,First Name,Time Zone\nana@zones.example,Ana,europe/berlin\nben@zones.example,Ben,\ncy@zones.example,Cy,Mars/Olympus\n',
    );
    expect(report.json()).toMatchObject({
      accepted: 2,
      rejected: [
        {
          line: 4,
          reason: 'time_zone: unknown time zone, e.g. Europe/Berlin or America/New_York: "Mars/Olympus"',
        },
      ],
    });
    expect((await personOf(tenant, 'ana@zones.example')).time_zone).toBe('Europe/Berlin');
    expect((await personOf(tenant, 'ben@zones.example')).time_zone).toBeNull();

    const second = await importCampaign(h, tenant, campaignFile({ name: 'Second' }));
    await importCsv(h, tenant, second, 'email,tz\nana@zones.example,Asia/Tokyo\nben@zones.example,\n');
    expect((await personOf(tenant, 'ana@zones.example')).time_zone).toBe('Asia/Tokyo');
    expect((await personOf(tenant, 'ben@zones.example')).time_zone).toBeNull();
  });

  it('is changed through the API with the department and language, audited; the directory’s people are refused', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Zones API');
    const campaign = await importCampaign(h, tenant);
    await importCsv(h, tenant, campaign, 'email,department\nana@api.example,Sales\n');
    const ana = await personOf(tenant, 'ana@api.example');
    const patch = (id: string, payload: object) =>
      h.admin.inject({ method: 'PATCH', url: `/api/admin/people/${id}`, headers: tenant.headers, payload });

    const changed = await patch(ana.id, { time_zone: 'America/New_York', language_code: 'de' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      time_zone: 'America/New_York',
      language_code: 'de',
      department: 'Sales',
    });
    const cleared = await patch(ana.id, { department: null });
    expect(cleared.json()).toMatchObject({ time_zone: 'America/New_York', department: null });

    const bad = await patch(ana.id, { time_zone: 'Europe/Atlantis' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toContain(
      'an IANA time zone, e.g. Europe/Berlin',
    );
    expect((await patch(ana.id, {})).statusCode).toBe(400);
    expect((await patch(ana.id, { email: 'x@api.example' })).statusCode).toBe(400);
    expect((await patch('nobody', { time_zone: 'UTC' })).statusCode).toBe(404);

    const scim = await scimClient(h, tenant);
    const made = await scim.request('POST', '/Users', {
      userName: 'dir@api.example',
      emails: [{ value: 'dir@api.example', primary: true }],
      active: true,
    });
    const refused = await patch(made.json<{ id: string }>().id, { time_zone: 'UTC' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('managed_by_directory');

    const audit = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/audit?kind=people',
      headers: tenant.headers,
    });
    const entries = audit.json<{ entries: { action: string; target: string; details: object }[] }>().entries;
    expect(entries.filter((e) => e.target === ana.id).map((e) => e.details)).toEqual(
      expect.arrayContaining([{ time_zone: 'America/New_York', language_code: 'de' }, { department: null }]),
    );
  });

  it('places an automation’s message for the person within working hours in their zone', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Zones plan');
    const campaign = await importCampaign(h, tenant);
    await importCsv(
      h,
      tenant,
      campaign,
      'email,time zone\nkai@plan.example,Asia/Kolkata\nlu@plan.example,\n',
    );
    const sink = await startSmtpSink();
    try {
      const profile = await sinkProfile(h, tenant.headers, sink, 'it@plan.example');
      const automation = await createAutomation(h, tenant, profile);
      const plan: AutomationPlan = await planOf(h, tenant, automation, '2031-03');
      const zoneOf = (email: string) => plan.items.find((i) => i.person.email === email)!;
      // The automation's own zone (Europe/London) for the person the file gave none.
      expect(zoneOf('lu@plan.example').time_zone).toBe('Europe/London');
      const kai = zoneOf('kai@plan.example');
      expect(kai.time_zone).toBe('Asia/Kolkata');
      const local = new Date(kai.planned_at!).toLocaleTimeString('en-GB', {
        timeZone: 'Asia/Kolkata',
        hour12: false,
      });
      expect(kai.local_time).toContain(local.slice(0, 5));
      expect(local >= '09:00' && local < '17:00', local).toBe(true);
    } finally {
      await sink.close();
    }
  });
});
