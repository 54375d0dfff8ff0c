/**
 * Okta's provisioning, request by request as its SCIM 2.0 test suite ("SCIM 2.0 Spec Test")
 * and developer guide send them: a userName filter with startIndex and count before a create,
 * PUT for every profile change, PATCH `{ op: "replace", value: { active: false } }` to deactivate,
 * pages of users, and group push (create, rename by value, members added, and removed by a
 * `members[value eq "…"]` path).
 */
import { expect, it } from 'vitest';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { scimClient } from '@server/test/scim-fixtures';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const oktaUser = (login: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: login,
  name: { givenName: 'Test', familyName: 'User' },
  emails: [{ primary: true, value: login, type: 'work' }],
  displayName: 'Test User',
  locale: 'pt-BR',
  externalId: `00u${login.length}abcdef`,
  groups: [],
  password: '1mP@ssw0rd',
  active: true,
});

describeEachDatabase('SCIM: Okta', (get) => {
  it('creates, reads, replaces (PUT) and deactivates (PATCH) a user as Okta sends it', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Okta');
    const scim = await scimClient(h, tenant);
    const user = oktaUser('test.user@okta.local');
    const query = `filter=${encodeURIComponent('userName eq "test.user@okta.local"')}&startIndex=1&count=100`;

    expect((await scim.request('GET', `/Users?${query}`)).json()).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    const created = await scim.request('POST', '/Users', user);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    // The password Okta sends is never kept, nor echoed.
    expect(created.body).not.toContain('1mP@ssw0rd');
    expect(created.json()).toMatchObject({ userName: 'test.user@okta.local', locale: 'pt-BR', active: true });
    expect((await scim.request('GET', `/Users?${query}`)).json()).toMatchObject({
      totalResults: 1,
      Resources: [{ id }],
    });

    const replaced = await scim.request('PUT', `/Users/${id}`, {
      ...user,
      id,
      name: { givenName: 'Another', familyName: 'Name' },
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Engineering' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: { givenName: 'Another', familyName: 'Name' } });

    const deactivated = await scim.request('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ id, active: false });
    // Still a user Okta can find and reactivate (Okta never deletes).
    expect((await scim.request('GET', `/Users/${id}`)).json()).toMatchObject({ active: false });

    const people = await h.admin.inject({ method: 'GET', url: '/api/admin/people', headers: tenant.headers });
    expect(people.json()).toMatchObject({
      total: 1,
      items: [{ first_name: 'Another', language_code: 'pt', department: 'Engineering', active: false }],
    });
    const reactivated = await scim.request('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(reactivated.json()).toMatchObject({ active: true });
  });

  it('pages users with startIndex and count', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Okta pages');
    const scim = await scimClient(h, tenant);
    const logins = Array.from({ length: 5 }, (_, i) => `page.user${i}@okta.local`);
    for (const login of logins)
      expect((await scim.request('POST', '/Users', oktaUser(login))).statusCode).toBe(201);

    const seen: string[] = [];
    for (const startIndex of [1, 3, 5]) {
      const page = (await scim.request('GET', `/Users?startIndex=${startIndex}&count=2`)).json<{
        totalResults: number;
        startIndex: number;
        itemsPerPage: number;
        Resources: { userName: string }[];
      }>();
      expect(page).toMatchObject({ totalResults: 5, startIndex, itemsPerPage: startIndex === 5 ? 1 : 2 });
      seen.push(...page.Resources.map((r) => r.userName));
    }
    // Every user once, across the pages.
    expect([...seen].sort()).toEqual([...logins].sort());
    // Out-of-range values are read as RFC 7644 says: startIndex below 1 is 1, count 0 is none.
    expect((await scim.request('GET', '/Users?startIndex=0&count=0')).json()).toMatchObject({
      totalResults: 5,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
    expect((await scim.request('GET', '/Users?startIndex=6&count=2')).json()).toMatchObject({
      itemsPerPage: 0,
    });
  });

  it('pushes a group: create, rename, members added and removed', async () => {
    const h = get();
    const tenant = await newTenant(h, 'Okta groups');
    const scim = await scimClient(h, tenant);
    const [a, b] = await Promise.all(
      ['a@okta.local', 'b@okta.local'].map(
        async (login) => (await scim.request('POST', '/Users', oktaUser(login))).json<{ id: string }>().id,
      ),
    );
    const filter = encodeURIComponent('displayName eq "Test SCIMv2"');
    expect(
      (await scim.request('GET', `/Groups?filter=${filter}&startIndex=1&count=100`)).json(),
    ).toMatchObject({
      totalResults: 0,
    });
    const created = await scim.request('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Test SCIMv2',
      members: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json<{ id: string }>().id;

    const renamed = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Test SCIMv2 renamed' } }],
    });
    expect(renamed.json()).toMatchObject({ id: groupId, displayName: 'Test SCIMv2 renamed' });

    const added = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'add',
          path: 'members',
          value: [
            { value: a, display: 'a@okta.local' },
            { value: b, display: 'b@okta.local' },
          ],
        },
      ],
    });
    expect(
      added
        .json<{ members: { value: string }[] }>()
        .members.map((m) => m.value)
        .sort(),
    ).toEqual([a, b].sort());

    const removed = await scim.request('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${a}"]` }],
    });
    expect(removed.json()).toMatchObject({ members: [{ value: b }] });

    // PUT replaces the whole group, members included.
    const put = await scim.request('PUT', `/Groups/${groupId}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      id: groupId,
      displayName: 'Test SCIMv2',
      members: [{ value: a }],
    });
    expect(put.json()).toMatchObject({ displayName: 'Test SCIMv2', members: [{ value: a }] });
    const list = (await scim.request('GET', '/Groups?startIndex=1&count=100')).json();
    expect(list).toMatchObject({ totalResults: 1, Resources: [{ id: groupId, members: [{ value: a }] }] });
  });
});
