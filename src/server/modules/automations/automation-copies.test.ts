/**
 * A tenant's copy of a library scenario is the same simulation to a person: someone who received
 * every library scenario is sent no copy of one of them (the plan says none is left), and someone
 * who received a copy is not sent its original.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScenarioList } from '@shared/scenario-api';
import { importCsv, newTenant } from '@server/test/admin-fixtures';
import { createAutomation, planOf, remove } from '@server/test/automation-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { sinkProfile } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';

describeEachDatabase('automations and copies of scenarios', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it('never sends a person a copy of a scenario they received, nor the original of a copy', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Copies');
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      h.admin.inject({ method, url, headers: tenant.headers, ...(payload ? { payload } : {}) });
    const { scenarios } = (await api('GET', '/api/admin/scenarios')).json<ScenarioList>();
    const [first, ...rest] = scenarios;
    // Ana received every library scenario; Ben received only the tenant's copy of the first.
    const copy = (await api('POST', `/api/admin/scenarios/${first!.id}/copy`, {})).json<{ id: string }>();
    const send = async (scenarioId: string, email: string) => {
      const started = await api('POST', `/api/admin/scenarios/${scenarioId}/campaign`, {});
      expect(started.statusCode, started.body).toBe(201);
      const campaign = started.json<{ campaign_id: string }>().campaign_id;
      expect((await importCsv(h, tenant, campaign, `email\n${email}\n`)).statusCode).toBe(200);
    };
    for (const s of [first!, ...rest]) await send(s.id, 'ana@copies.example');
    await send(copy.id, 'ben@copies.example');

    const profile = await sinkProfile(h, tenant.headers, sink, 'it@copies.example');
    const automation = await createAutomation(h, tenant, profile);
    try {
      const plan = await planOf(h, tenant, automation, '2031-05');
      const of = (email: string) => plan.items.find((i) => i.person.email === email)!;
      expect(of('ana@copies.example')).toMatchObject({ scenario: null, skip_reason: 'no_scenario_left' });
      expect(of('ben@copies.example').scenario?.id).not.toBe(first!.id);
      expect(of('ben@copies.example').scenario?.id).not.toBe(copy.id);
    } finally {
      await remove(h, tenant, automation);
    }
  });
});
