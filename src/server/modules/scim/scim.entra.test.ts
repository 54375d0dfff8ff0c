/**
 * Microsoft Entra ID's provisioning, request by request as its SCIM validator and "Develop a
 * SCIM endpoint" guide send them: a userName filter answered with an empty list before each
 * create, PATCH with capitalised ops ("Replace", "Add") and booleans as strings ("False"),
 * enterprise paths for department and manager, groups asked for without members, and members
 * added and removed by id with `$ref: null`. Every change is in the audit log under the SCIM token.
 */
import { expect, it } from 'vitest';
import { SCIM_ENTERPRISE_USER as ENTERPRISE } from '@shared/scim';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER_SCHEMAS = ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE];

const entraUser = (suffix: string) => ({
  schemas: USER_SCHEMAS,
  externalId: `0a21f0f2-8d2a-4f8e-bf98-${suffix}`,
  userName: `Test_User_${suffix}@testuser.com`,
  active: true,
  emails: [{ primary: true, type: 'work', value: `Test_User_${suffix}@testuser.com` }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  preferredLanguage: 'de-DE',
  roles: [],
  [ENTERPRISE]: { department: 'Finance', manager: { value: 'mgr-1' } },
});

describeEachDatabase('SCIM: Microsoft Entra ID', (get) => {
  it('provisions, updates, deactivates and deletes a user as Entra ID sends it', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Entra');
    const scim = await scimClient(h, tenant);
    const user = entraUser('7363c4aed4ef');

    // Entra's first request: does this userName exist? An empty ListResponse says no.
    const none = await scim.request(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`,
    );
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(none.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    const created = await scim.request('POST', '/Users', user);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{ id: string; meta: { location: string } }>();
    expect(body).toMatchObject({
      userName: user.userName,
      externalId: user.externalId,
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      emails: [{ value: user.userName.toLowerCase(), primary: true }],
      preferredLanguage: 'de-DE',
      [ENTERPRISE]: { department: 'Finance', manager: { value: 'mgr-1' } },
    });
    expect(body.meta.location).toMatch(new RegExp(`/scim/v2/Users/${body.id}$`));
    const id = body.id;

    // A second create of the same userName (any case) is SCIM's 409 uniqueness.
    const again = await scim.request('POST', '/Users', { ...user, userName: user.userName.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
    });

    const found = await scim.request(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`,
    );
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    const byExternalId = await scim.request(
      'GET',
      `/Users?filter=${encodeURIComponent(`externalId eq "${user.externalId}"`)}`,
    );
    expect(byExternalId.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect((await scim.request('GET', `/Users/${id}`)).json()).toMatchObject({ id, userName: user.userName });

    const updated = await scim.request('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Security' },
        { op: 'Replace', path: `${ENTERPRISE}:manager`, value: 'mgr-2' },
        { op: 'Add', path: 'preferredLanguage', value: 'fr-FR' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      emails: [{ value: 'updatedemail@microsoft.com' }],
      name: { familyName: 'updatedFamilyName', givenName: 'givenName' },
      preferredLanguage: 'fr-FR',
      [ENTERPRISE]: { department: 'Security', manager: { value: 'mgr-2' } },
    });

    // The person as the console sees them: language from preferredLanguage, department, manager.
    const people = await h.admin.inject({ method: 'GET', url: '/api/admin/people', headers: tenant.headers });
    expect(people.json()).toMatchObject({
      total: 1,
      items: [
        {
          id,
          email: 'updatedemail@microsoft.com',
          last_name: 'updatedFamilyName',
          language_code: 'fr',
          department: 'Security',
          active: true,
          source: 'scim',
        },
      ],
    });

    // Entra disables with the boolean as a string.
    const disabled = await scim.request('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ active: false });
    const enabled = await scim.request('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(enabled.json()).toMatchObject({ active: true });

    expect((await scim.request('GET', '/Users/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);

    // DELETE deactivates and lets the user go: SCIM no longer finds them, the person stays.
    expect((await scim.request('DELETE', `/Users/${id}`)).statusCode).toBe(204);
    const gone = await scim.request('GET', `/Users/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      status: '404',
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    });
    const kept = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/people?state=deactivated',
      headers: tenant.headers,
    });
    expect(kept.json()).toMatchObject({ total: 1, items: [{ id, active: false }] });

    // Provisioned again with the same email: the same person, active again.
    const back = await scim.request('POST', '/Users', {
      ...user,
      emails: [{ primary: true, type: 'work', value: 'updatedEmail@microsoft.com' }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ id, active: true });

    // Every change was made by the SCIM door, and the audit log says so.
    const audit = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/audit?kind=people',
      headers: tenant.headers,
    });
    const entries = audit.json<{
      entries: { actor: string; actor_kind: string; action: string; target: string }[];
    }>().entries;
    expect(entries.map((e) => e.action).sort()).toEqual(
      [
        'person.create',
        'person.create',
        'person.deactivate',
        'person.deactivate',
        'person.update',
        'person.update',
      ].sort(),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: `scim token ${scim.prefix}`, actor_kind: 'scim', target: id });
    }
  });

  it('provisions a group and its members as Entra ID sends them', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Entra groups');
    const scim = await scimClient(h, tenant);
    const ids: string[] = [];
    for (const suffix of ['aaaaaaaaaaa1', 'aaaaaaaaaaa2', 'aaaaaaaaaaa3']) {
      ids.push((await scim.request('POST', '/Users', entraUser(suffix))).json<{ id: string }>().id);
    }
    const filter = encodeURIComponent('displayName eq "Sales-EU"');
    const none = await scim.request('GET', `/Groups?excludedAttributes=members&filter=${filter}`);
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim.request('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Sales-EU',
      meta: { resourceType: 'Group' },
      members: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json<{ id: string }>().id;

    const added = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: ids.map((value) => ({ $ref: null, value })) }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json<{ members: { value: string }[] }>()
        .members.map((m) => m.value)
        .sort(),
    ).toEqual([...ids].sort());

    const removed = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: ids[0] }] }],
    });
    expect(
      removed
        .json<{ members: { value: string }[] }>()
        .members.map((m) => m.value)
        .sort(),
    ).toEqual(ids.slice(1).sort());

    const renamed = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Sales-EMEA' }],
    });
    expect(renamed.json()).toMatchObject({ displayName: 'Sales-EMEA' });

    const withoutMembers = await scim.request('GET', `/Groups/${groupId}?excludedAttributes=members`);
    expect(withoutMembers.json()).toMatchObject({ id: groupId, displayName: 'Sales-EMEA' });
    expect(withoutMembers.json()).not.toHaveProperty('members');
    const byName = await scim.request(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales-EMEA"')}`,
    );
    expect(byName.json()).toMatchObject({ totalResults: 1, Resources: [{ id: groupId }] });

    // A member that is nobody (or another tenant's) is refused, not skipped.
    const stranger = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: 'not-a-user' }] }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });

    const facets = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/people/groups',
      headers: tenant.headers,
    });
    expect(facets.json()).toMatchObject({ groups: [{ id: groupId, name: 'Sales-EMEA', active_members: 2 }] });

    expect((await scim.request('DELETE', `/Groups/${groupId}`)).statusCode).toBe(204);
    expect((await scim.request('GET', `/Groups/${groupId}`)).statusCode).toBe(404);
    // The group's people stay.
    const people = await h.admin.inject({ method: 'GET', url: '/api/admin/people', headers: tenant.headers });
    expect(people.json()).toMatchObject({ total: 3 });
  });

  it('answers discovery, and refuses a missing, wrong or revoked token in SCIM’s shape', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Entra discovery');
    const scim = await scimClient(h, tenant);
    const config = await scim.request('GET', '/ServiceProviderConfig');
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim.request('GET', '/ResourceTypes');
    expect(types.json<{ Resources: { id: string }[] }>().Resources.map((r) => r.id)).toEqual([
      'User',
      'Group',
    ]);
    const schemas = await scim.request('GET', '/Schemas');
    expect(schemas.json<{ Resources: { id: string }[] }>().Resources.map((r) => r.id)).toContain(ENTERPRISE);

    const bad = await scim.request('GET', `/Users?filter=${encodeURIComponent('name.familyName co "x"')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ scimType: 'invalidFilter' });

    const anonymous = await h.admin.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
    });
    // The tenant's API key is not a SCIM token.
    const apiKey = await h.admin.inject({ method: 'GET', url: '/scim/v2/Users', headers: tenant.headers });
    expect(apiKey.statusCode).toBe(401);

    expect(
      (
        await h.admin.inject({
          method: 'DELETE',
          url: '/api/admin/settings/scim/token',
          headers: tenant.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await scim.request('GET', '/Users')).statusCode).toBe(401);
  });
});
