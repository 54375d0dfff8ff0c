/**
 * Tenant isolation matrix: for every admin route that names an object, tenant A's key gets a
 * 404 for tenant B's object, for every verb — and B's data is unchanged afterwards.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';
import { createUser } from '../accounts/accounts.service';
import { emitEvent } from '../webhooks/webhooks.service';
import { copyScenario } from '../scenarios/scenarios.service';

/** A small scenario library (the shipped one is filled separately): B copies one of it. */
const SCENARIO_FIXTURES = path.join(import.meta.dirname, '../scenarios/fixtures');

interface Case {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** The route as the OpenAPI document spells it. */
  route: string;
  payload?: object | string;
  contentType?: string;
}

describeEachDatabase('operator API: tenant isolation', (get) => {
  it("answers 404 to tenant A for every one of tenant B's objects, for every verb", async () => {
    const h = get();
    const a = await newTenant(h, 'A');
    const b = await newTenant(h, 'B');
    await importCampaign(h, a);
    const campaign = await importCampaign(h, b, campaignFile({ name: 'B campaign' }));
    await importCsv(h, b, campaign, 'email\nb1@example.com\n');
    const report = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/reports',
      headers: b.headers,
      payload: { urls: ['https://b.example/'] },
    });
    const reportId = report.json<{ reported: { id: string }[] }>().reported[0]!.id;
    await h.admin.inject({
      method: 'POST',
      url: '/api/admin/malicious-urls',
      headers: b.headers,
      payload: { urls: ['https://bad-b.example/'] },
    });
    const bKeys = await h.admin.inject({ method: 'GET', url: '/api/admin/keys', headers: b.headers });
    const prefix = bKeys.json<{ keys: { prefix: string }[] }>().keys[0]!.prefix;
    const bUser = await createUser(h.database.db, b.tenantId, {
      email: 'owner@b.example',
      name: 'B owner',
      role: 'owner',
      password: 'correct horse battery staple',
    });
    const bRecipient = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaign}/recipients`,
        headers: b.headers,
      })
    ).json<{ items: { id: string }[] }>().items[0]!.id;

    const bLink = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/reviewer-links',
        headers: b.headers,
        payload: { urls: ['https://b.example/'], reviewer: 'B reviewer' },
      })
    ).json<{ id: string }>().id;
    const relay = {
      name: 'B relay',
      host: 'smtp.b.example',
      port: 25,
      tls: 'none',
      envelope_from: 'x@b.example',
    };
    const bProfile = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/sending-profiles',
        headers: b.headers,
        payload: { ...relay, password: 'b-relay-password' },
      })
    ).json<{ id: string }>().id;
    const p = `/api/admin/sending-profiles/${bProfile}`;
    const bEndpoint = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: b.headers,
        payload: { url: 'https://hooks.b.example/in', events: ['review.decided'] },
      })
    ).json<{ id: string }>().id;
    await emitEvent(h.database.db, { tenantId: b.tenantId, type: 'review.decided', data: {} });
    const bDelivery = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/webhook-deliveries', headers: b.headers })
    ).json<{ deliveries: { id: string }[] }>().deliveries[0]!.id;
    const w = `/api/admin/webhooks/${bEndpoint}`;
    const scope = { tenantId: b.tenantId, root: SCENARIO_FIXTURES };
    const bScenario = (await copyScenario(h.database.db, scope, 'shared-document', { title: 'B scenario' }))
      .id;
    const sc = `/api/admin/scenarios/${bScenario}`;
    const bPerson = (
      await h.admin.inject({ method: 'GET', url: '/api/admin/people', headers: b.headers })
    ).json<{ items: { id: string }[] }>().items[0]!.id;
    const bFilter = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/people/filters',
        headers: b.headers,
        payload: { name: 'B smart group', filter: { never_reported: true } },
      })
    ).json<{ id: string }>().id;
    const bAutomation = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/automations',
        headers: b.headers,
        payload: { name: 'B automation', audience: { kind: 'all' }, profile_id: bProfile },
      })
    ).json<{ id: string }>().id;
    const au = `/api/admin/automations/${bAutomation}`;

    const c = `/api/admin/campaigns/${campaign}`;
    const cases: Case[] = [
      { method: 'GET', url: c, route: '/api/admin/campaigns/{id}' },
      {
        method: 'PATCH',
        url: c,
        route: '/api/admin/campaigns/{id}',
        payload: { ends_at: '2030-01-01T00:00:00Z' },
      },
      { method: 'POST', url: `${c}/end`, route: '/api/admin/campaigns/{id}/end' },
      // B's campaign is refused before anything is fetched.
      {
        method: 'POST',
        url: `${c}/import-site`,
        route: '/api/admin/campaigns/{id}/import-site',
        payload: { url: 'https://portal.example.net/login/' },
      },
      {
        method: 'POST',
        url: `${c}/recipients`,
        route: '/api/admin/campaigns/{id}/recipients',
        payload: 'email\nintruder@example.com\n',
        contentType: 'text/csv',
      },
      { method: 'GET', url: `${c}/recipients`, route: '/api/admin/campaigns/{id}/recipients' },
      {
        method: 'POST',
        url: `${c}/recipients/from-people`,
        route: '/api/admin/campaigns/{id}/recipients/from-people',
        payload: { audience: { kind: 'all' } },
      },
      {
        method: 'DELETE',
        url: `${c}/recipients/${bRecipient}`,
        route: '/api/admin/campaigns/{id}/recipients/{recipientId}',
      },
      {
        method: 'PUT',
        url: `${c}/content`,
        route: '/api/admin/campaigns/{id}/content',
        payload: campaignFile({ name: 'Hijacked' }),
      },
      { method: 'POST', url: `${c}/duplicate`, route: '/api/admin/campaigns/{id}/duplicate' },
      { method: 'POST', url: `${c}/launch`, route: '/api/admin/campaigns/{id}/launch', payload: {} },
      { method: 'GET', url: `${c}/languages`, route: '/api/admin/campaigns/{id}/languages' },
      {
        method: 'POST',
        url: `${c}/preview`,
        route: '/api/admin/campaigns/{id}/preview',
        payload: { language: 'de' },
      },
      {
        method: 'POST',
        url: `${c}/email-preview`,
        route: '/api/admin/campaigns/{id}/email-preview',
        payload: { language: 'de' },
      },
      {
        method: 'PATCH',
        url: `/api/admin/users/${bUser.id}`,
        route: '/api/admin/users/{id}',
        payload: { role: 'viewer' },
      },
      {
        method: 'POST',
        url: `/api/admin/users/${bUser.id}/password`,
        route: '/api/admin/users/{id}/password',
        payload: { password: 'a new password of length' },
      },
      {
        method: 'POST',
        url: `/api/admin/users/${bUser.id}/mfa/reset`,
        route: '/api/admin/users/{id}/mfa/reset',
      },
      { method: 'GET', url: `${c}/links`, route: '/api/admin/campaigns/{id}/links' },
      { method: 'GET', url: `${c}/links.csv`, route: '/api/admin/campaigns/{id}/links.csv' },
      { method: 'GET', url: `${c}/results`, route: '/api/admin/campaigns/{id}/results' },
      { method: 'GET', url: `${c}/imported-timeline`, route: '/api/admin/campaigns/{id}/imported-timeline' },
      {
        method: 'GET',
        url: `${c}/results.csv?pseudonymise=true`,
        route: '/api/admin/campaigns/{id}/results.csv',
      },
      { method: 'GET', url: `${c}/dashboard`, route: '/api/admin/campaigns/{id}/dashboard' },
      {
        method: 'GET',
        url: `${c}/results/recipients?verdict=not_visited`,
        route: '/api/admin/campaigns/{id}/results/recipients',
      },
      {
        method: 'GET',
        url: `${c}/results/recipients/${bRecipient}`,
        route: '/api/admin/campaigns/{id}/results/recipients/{recipientId}',
      },
      {
        method: 'DELETE',
        url: `/api/admin/reviewer-links/${bLink}`,
        route: '/api/admin/reviewer-links/{id}',
      },
      { method: 'GET', url: p, route: '/api/admin/sending-profiles/{id}' },
      { method: 'PUT', url: p, route: '/api/admin/sending-profiles/{id}', payload: relay },
      { method: 'DELETE', url: p, route: '/api/admin/sending-profiles/{id}' },
      {
        method: 'POST',
        url: `${p}/test`,
        route: '/api/admin/sending-profiles/{id}/test',
        payload: { to: 'intruder@example.com' },
      },
      { method: 'GET', url: `${p}/allowlist`, route: '/api/admin/sending-profiles/{id}/allowlist' },
      {
        method: 'GET',
        url: `${p}/allowlist-checks`,
        route: '/api/admin/sending-profiles/{id}/allowlist-checks',
      },
      {
        method: 'POST',
        url: `${p}/allowlist-checks`,
        route: '/api/admin/sending-profiles/{id}/allowlist-checks',
        payload: { to: 'intruder@example.com' },
      },
      { method: 'GET', url: `${c}/sending`, route: '/api/admin/campaigns/{id}/sending' },
      {
        method: 'POST',
        url: `${c}/sending`,
        route: '/api/admin/campaigns/{id}/sending',
        payload: { profile_id: bProfile },
      },
      { method: 'POST', url: `${c}/sending/pause`, route: '/api/admin/campaigns/{id}/sending/pause' },
      { method: 'POST', url: `${c}/sending/resume`, route: '/api/admin/campaigns/{id}/sending/resume' },
      { method: 'POST', url: `${c}/sending/cancel`, route: '/api/admin/campaigns/{id}/sending/cancel' },
      {
        method: 'POST',
        url: `${c}/sending/summary`,
        route: '/api/admin/campaigns/{id}/sending/summary',
        payload: {},
      },
      {
        method: 'POST',
        url: `${c}/email-test`,
        route: '/api/admin/campaigns/{id}/email-test',
        payload: { profile_id: bProfile, to: 'intruder@example.com', language: 'en' },
      },
      { method: 'GET', url: w, route: '/api/admin/webhooks/{id}' },
      { method: 'PATCH', url: w, route: '/api/admin/webhooks/{id}', payload: { enabled: false } },
      { method: 'DELETE', url: w, route: '/api/admin/webhooks/{id}' },
      {
        method: 'POST',
        url: `/api/admin/webhook-deliveries/${bDelivery}/redeliver`,
        route: '/api/admin/webhook-deliveries/{id}/redeliver',
      },
      { method: 'DELETE', url: `/api/admin/reports/${reportId}`, route: '/api/admin/reports/{id}' },
      { method: 'GET', url: sc, route: '/api/admin/scenarios/{id}' },
      {
        method: 'PUT',
        url: sc,
        route: '/api/admin/scenarios/{id}',
        payload: {
          lure: 'shared_document',
          difficulty: 1,
          reply_based: false,
          texts: { en: { title: 'Hijacked', summary: 'Hijacked.', level_reason: 'Hijacked.' } },
          campaign: campaignFile({ name: 'Hijacked' }),
        },
      },
      { method: 'DELETE', url: sc, route: '/api/admin/scenarios/{id}' },
      { method: 'POST', url: `${sc}/campaign`, route: '/api/admin/scenarios/{id}/campaign', payload: {} },
      { method: 'POST', url: `${sc}/copy`, route: '/api/admin/scenarios/{id}/copy', payload: {} },
      {
        method: 'POST',
        url: `${sc}/preview`,
        route: '/api/admin/scenarios/{id}/preview',
        payload: { language: 'en' },
      },
      {
        method: 'GET',
        url: `/api/admin/people/${bPerson}/history`,
        route: '/api/admin/people/{id}/history',
      },
      {
        method: 'PATCH',
        url: `/api/admin/people/${bPerson}`,
        route: '/api/admin/people/{id}',
        payload: { time_zone: 'Asia/Tokyo' },
      },
      {
        method: 'PUT',
        url: `/api/admin/people/filters/${bFilter}`,
        route: '/api/admin/people/filters/{id}',
        payload: { name: 'Taken over', filter: {} },
      },
      {
        method: 'DELETE',
        url: `/api/admin/people/filters/${bFilter}`,
        route: '/api/admin/people/filters/{id}',
      },
      { method: 'GET', url: au, route: '/api/admin/automations/{id}' },
      { method: 'PATCH', url: au, route: '/api/admin/automations/{id}', payload: { name: 'Taken over' } },
      { method: 'POST', url: `${au}/pause`, route: '/api/admin/automations/{id}/pause' },
      { method: 'POST', url: `${au}/resume`, route: '/api/admin/automations/{id}/resume' },
      { method: 'GET', url: `${au}/plan`, route: '/api/admin/automations/{id}/plan' },
      { method: 'DELETE', url: au, route: '/api/admin/automations/{id}' },
      { method: 'DELETE', url: `/api/admin/keys/${prefix}`, route: '/api/admin/keys/{prefix}' },
      {
        method: 'DELETE',
        url: '/api/admin/malicious-urls?url=https%3A%2F%2Fbad-b.example%2F',
        route: '/api/admin/malicious-urls',
      },
    ];

    // Every admin route with an object id is in the table, for each of its verbs.
    const doc = (await h.admin.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const withIds = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path.includes('{'))
      .flatMap(([path, verbs]) => Object.keys(verbs).map((verb) => `${verb.toUpperCase()} ${path}`));
    const covered = cases.map((x) => `${x.method} ${x.route}`);
    expect(withIds.length).toBeGreaterThan(0);
    for (const route of withIds) expect(covered, route).toContain(route);

    for (const x of cases) {
      const res = await h.admin.inject({
        method: x.method,
        url: x.url,
        headers: { ...a.headers, ...(x.contentType ? { 'content-type': x.contentType } : {}) },
        ...(x.payload === undefined ? {} : { payload: x.payload }),
      });
      expect(res.statusCode, `${x.method} ${x.route}`).toBe(404);
      expect(res.json(), `${x.method} ${x.route}`).toEqual({
        error: { code: 'not_found', message: 'Not found' },
      });
    }

    // Nothing of B's changed, and B still reaches every object with its own key.
    const own = await h.admin.inject({ method: 'GET', url: c, headers: b.headers });
    expect(own.json()).toMatchObject({ campaign: { ended_at: null, ends_at: null, recipients: 1 } });
    for (const x of cases.filter((y) => y.method === 'GET')) {
      expect(
        (await h.admin.inject({ method: 'GET', url: x.url, headers: b.headers })).statusCode,
        x.route,
      ).toBe(200);
    }
    expect(
      (await h.admin.inject({ method: 'GET', url: '/api/admin/keys', headers: b.headers })).statusCode,
    ).toBe(200);
    const bReports = await h.admin.inject({ method: 'GET', url: '/api/admin/reports', headers: b.headers });
    expect(bReports.json<{ reports: unknown[] }>().reports).toHaveLength(1);
    const bUrls = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/malicious-urls',
      headers: b.headers,
    });
    expect(bUrls.json<{ urls: unknown[] }>().urls).toHaveLength(1);

    // A's lists never show B's objects.
    const aCampaigns = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: a.headers,
    });
    expect(aCampaigns.body).not.toContain(campaign);
    for (const url of [
      '/api/admin/sending-profiles',
      '/api/admin/sending-health',
      '/api/admin/reports',
      '/api/admin/malicious-urls',
      '/api/admin/malicious-urls.txt',
      '/api/admin/feeds/blocklist.txt',
      '/api/admin/feeds/blocklist.txt?as=host',
      '/api/admin/feeds/malicious-urls.csv',
      '/api/admin/feeds/stix.json',
      '/api/admin/feeds/misp.json',
      '/api/admin/keys',
      '/api/admin/reviewer-links',
      '/api/admin/trends',
      '/api/admin/webhooks',
      '/api/admin/webhook-deliveries',
      '/api/admin/scenarios',
      '/api/admin/automations',
    ]) {
      const res = await h.admin.inject({ method: 'GET', url, headers: a.headers });
      expect(res.statusCode, url).toBe(200);
      for (const secret of [
        'B reviewer',
        'B campaign',
        'B scenario',
        'B automation',
        bScenario,
        bLink,
        prefix,
      ])
        expect(res.body, url).not.toContain(secret);
      for (const secret of ['b.example', 'bad-b.example']) expect(res.body, url).not.toContain(secret);
    }
  });

  it("gives tenant A's SCIM token a 404 for every one of B's users and groups, on every SCIM route", async () => {
    const h = get();
    const a = await newTenant(h, 'SCIM A');
    const b = await newTenant(h, 'SCIM B');
    const scimA = await scimClient(h, a);
    const scimB = await scimClient(h, b);
    const patch = { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [] as object[] };
    const bUser = (
      await scimB.request('POST', '/Users', {
        userName: 'secret.b@b.example',
        externalId: 'b-ext-1',
        active: true,
      })
    ).json<{ id: string }>().id;
    const bGroup = (
      await scimB.request('POST', '/Groups', { displayName: 'B secret group', members: [{ value: bUser }] })
    ).json<{ id: string }>().id;
    const snapshot = async () =>
      JSON.stringify([
        (await scimB.request('GET', `/Users/${bUser}`)).json(),
        (await scimB.request('GET', `/Groups/${bGroup}`)).json(),
      ]);
    const before = await snapshot();

    const byId: { method: 'GET' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/Users/${bUser}` },
      { method: 'PUT', url: `/Users/${bUser}`, payload: { userName: 'hijacked@a.example', active: false } },
      {
        method: 'PATCH',
        url: `/Users/${bUser}`,
        payload: { ...patch, Operations: [{ op: 'replace', value: { active: false } }] },
      },
      { method: 'DELETE', url: `/Users/${bUser}` },
      { method: 'GET', url: `/Groups/${bGroup}` },
      { method: 'PUT', url: `/Groups/${bGroup}`, payload: { displayName: 'Hijacked', members: [] } },
      {
        method: 'PATCH',
        url: `/Groups/${bGroup}`,
        payload: { ...patch, Operations: [{ op: 'Remove', path: 'members', value: [{ value: bUser }] }] },
      },
      { method: 'DELETE', url: `/Groups/${bGroup}` },
    ];
    // Every SCIM route with an id is here, for each of its verbs.
    const routes = ['GET', 'PUT', 'PATCH', 'DELETE'].flatMap((m) => [`${m} /Users/:id`, `${m} /Groups/:id`]);
    expect(byId.map((x) => `${x.method} ${x.url.replace(/\/[^/]+$/, '/:id')}`).sort()).toEqual(routes.sort());
    for (const x of byId) {
      const res = await scimA.request(x.method, x.url, x.payload);
      expect(res.statusCode, `${x.method} ${x.url}`).toBe(404);
      expect(res.json(), `${x.method} ${x.url}`).toMatchObject({ status: '404' });
      expect(res.body).not.toContain('secret');
    }

    // A's lists, filters and discovery never show B's people or groups.
    for (const url of [
      '/Users',
      '/Groups',
      `/Users?filter=${encodeURIComponent('userName eq "secret.b@b.example"')}`,
      `/Users?filter=${encodeURIComponent('externalId eq "b-ext-1"')}`,
      `/Groups?filter=${encodeURIComponent('displayName eq "B secret group"')}`,
      '/ServiceProviderConfig',
      '/ResourceTypes',
      '/Schemas',
    ]) {
      const res = await scimA.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      for (const secret of ['secret', bUser, bGroup, b.tenantId]) expect(res.body, url).not.toContain(secret);
    }
    // A cannot make B's person a member of A's group, nor add recipients from B's group.
    const stolen = await scimA.request('POST', '/Groups', {
      displayName: 'A group',
      members: [{ value: bUser }],
    });
    expect(stolen.statusCode).toBe(400);
    const aCampaign = await importCampaign(h, a);
    const audience = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${aCampaign}/recipients/from-people`,
      headers: a.headers,
      payload: { audience: { kind: 'group', group_id: bGroup } },
    });
    expect(audience.statusCode).toBe(404);
    // The same userName in A is A's own person: uniqueness is per tenant, and reveals nothing of B.
    expect((await scimA.request('POST', '/Users', { userName: 'secret.b@b.example' })).statusCode).toBe(201);
    // A's API key lists only A's people; B's are unchanged.
    const aPeople = await h.admin.inject({ method: 'GET', url: '/api/admin/people', headers: a.headers });
    expect(aPeople.json()).toMatchObject({ total: 1 });
    expect(aPeople.body).not.toContain(bUser);
    const aFacets = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/people/groups',
      headers: a.headers,
    });
    expect(aFacets.body).not.toContain('B secret group');
    expect(await snapshot()).toBe(before);
  });
});
