/**
 * People across campaigns: a CSV import makes or finds each recipient's person (by email,
 * case-insensitively, else person_id); a campaign's audience is chosen from people (all, a SCIM
 * group, a department) and comes out as a CSV upload would; a deactivated person is never added,
 * and one deactivated after their message was queued is sent nothing by the real outbox worker.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SendingProgress } from '@shared/sending';
import { campaignFile, importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';
import { drain, sinkProfile, testWorker } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const directoryUser = (login: string, department: string, language = 'de-DE') => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
  userName: login,
  name: { givenName: login.split('@')[0], familyName: 'Example' },
  emails: [{ primary: true, type: 'work', value: login }],
  preferredLanguage: language,
  active: true,
  [ENTERPRISE]: { department },
});

describeEachDatabase('people', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it('links recipients of every campaign to one person by email (any case) or person_id', async () => {
    const h = get();
    const tenant = await newTenant(h, 'People CSV');
    const first = await importCampaign(h, tenant);
    const second = await importCampaign(h, tenant, campaignFile({ name: 'Second' }));
    await importCsv(
      h,
      tenant,
      first,
      'email,person_id,first_name,language\nAna@Example.com,,Ana,de\n,emp-7,Noa,\n',
    );
    await importCsv(
      h,
      tenant,
      second,
      'email,person_id,first_name\nana@example.COM,,Ana\n,emp-7,Noa\nben@example.com,,Ben\n',
    );
    const people = await h.admin.inject({ method: 'GET', url: '/api/admin/people', headers: tenant.headers });
    expect(people.json()).toMatchObject({ total: 3 });
    const rows = await h.database.db
      .selectFrom('recipients')
      .select(['person_ref', 'email', 'person_id'])
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    expect(rows.every((r) => r.person_ref !== null)).toBe(true);
    const refsOf = (match: (r: (typeof rows)[number]) => boolean) =>
      new Set(rows.filter(match).map((r) => r.person_ref));
    expect(refsOf((r) => r.email === 'ana@example.com').size).toBe(1);
    expect(refsOf((r) => r.person_id === 'emp-7').size).toBe(1);
    const ana = people
      .json<{ items: { email: string | null; language_code: string | null; source: string }[] }>()
      .items.find((p) => p.email === 'ana@example.com');
    expect(ana).toMatchObject({ language_code: 'de', source: 'recipients' });

    const found = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/people?q=NOA',
      headers: tenant.headers,
    });
    expect(found.json()).toMatchObject({ total: 1, items: [{ person_id: 'emp-7' }] });
  });

  it('adds a campaign audience from a SCIM group or a department, never a deactivated person', async () => {
    const h = get();
    const tenant = await newTenant(h, 'People audience');
    const scim = await scimClient(h, tenant);
    const ids: Record<string, string> = {};
    for (const [login, department] of [
      ['ana@corp.example', 'Finance'],
      ['ben@corp.example', 'Finance'],
      ['cem@corp.example', 'Sales'],
      ['dee@corp.example', 'Finance'],
    ] as const) {
      ids[login] = (await scim.request('POST', '/Users', directoryUser(login, department))).json<{
        id: string;
      }>().id;
    }
    const group = await scim.request('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Phishing pilot',
      members: [
        { value: ids['ana@corp.example'] },
        { value: ids['cem@corp.example'] },
        { value: ids['dee@corp.example'] },
      ],
    });
    const groupId = group.json<{ id: string }>().id;
    // Dee leaves: deactivated by the directory, still in the group.
    await scim.request('PATCH', `/Users/${ids['dee@corp.example']}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });

    const campaignId = await importCampaign(h, tenant);
    const fromGroup = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/recipients/from-people`,
      headers: tenant.headers,
      payload: { audience: { kind: 'group', group_id: groupId } },
    });
    expect(fromGroup.statusCode, fromGroup.body).toBe(200);
    expect(fromGroup.json()).toEqual({ added: 2, already_recipients: 0 });

    const fromDepartment = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/recipients/from-people`,
      headers: tenant.headers,
      payload: { audience: { kind: 'department', department: 'Finance' } },
    });
    expect(fromDepartment.json()).toEqual({ added: 1, already_recipients: 1 });

    const links = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaignId}/links`,
      headers: tenant.headers,
    });
    const recipients = links.json<{
      links: { email: string; language_code: string; rid: string; first_name: string }[];
    }>().links;
    expect(recipients.map((r) => r.email).sort()).toEqual([
      'ana@corp.example',
      'ben@corp.example',
      'cem@corp.example',
    ]);
    for (const r of recipients) {
      expect(r).toMatchObject({ language_code: 'de', first_name: r.email.split('@')[0] });
      expect(r.rid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    const all = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/recipients/from-people`,
      headers: tenant.headers,
      payload: { audience: { kind: 'all' } },
    });
    expect(all.json()).toEqual({ added: 0, already_recipients: 3 });

    const unknownGroup = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/recipients/from-people`,
      headers: tenant.headers,
      payload: { audience: { kind: 'group', group_id: 'no-such-group' } },
    });
    expect(unknownGroup.statusCode).toBe(404);
    const audit = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/audit?kind=recipients',
      headers: tenant.headers,
    });
    expect(audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toContain(
      'recipients.from_people',
    );
  });

  it('sends nothing new to a person deactivated after their message was queued', async () => {
    const h = get();
    const tenant = await newTenant(h, 'People sending');
    const scim = await scimClient(h, tenant);
    const stays = (await scim.request('POST', '/Users', directoryUser('stays@send.example', 'Ops'))).json<{
      id: string;
    }>();
    const leaves = (await scim.request('POST', '/Users', directoryUser('leaves@send.example', 'Ops'))).json<{
      id: string;
    }>();
    const profileId = await sinkProfile(h, tenant.headers, sink, 'b@send.example');
    const campaignId = await importCampaign(
      h,
      tenant,
      campaignFile({
        email: { from: 'IT <it@send.example>', subject: 'Hi {{first_name}}', body: 'Go: {{link}}' },
      }),
    );
    const added = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/recipients/from-people`,
      headers: tenant.headers,
      payload: { audience: { kind: 'department', department: 'Ops' } },
    });
    expect(added.json()).toMatchObject({ added: 2 });
    const started = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profileId, rate_per_minute: 60_000 },
    });
    expect(started.json<SendingProgress>()).toMatchObject({ counts: { queued: 2 } });

    // Okta deactivates the leaver after the messages were queued, before the worker runs.
    await scim.request('PATCH', `/Users/${leaves.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    const progress = async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${campaignId}/sending`,
          headers: tenant.headers,
        })
      ).json<SendingProgress>();
    const worker = testWorker(h);
    await drain(worker, progress);
    await worker.stop();
    const mine = sink.received.filter((m) => m.to.endsWith('@send.example'));
    expect(mine.map((m) => m.to)).toEqual(['stays@send.example']);
    expect((await progress()).counts).toMatchObject({ sent: 1, cancelled: 1, failed: 0 });

    // Their history stays: still a recipient of the campaign, still a (deactivated) person.
    const list = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaignId}/recipients`,
      headers: tenant.headers,
    });
    expect(list.json()).toMatchObject({ total: 2 });
    // Nor does a mail merge: the links export leaves the deactivated person out.
    const links = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${campaignId}/links`,
      headers: tenant.headers,
    });
    expect(links.json<{ links: { email: string }[] }>().links.map((l) => l.email)).toEqual([
      'stays@send.example',
    ]);
    expect(stays.id).not.toBe(leaves.id);
  });
});
