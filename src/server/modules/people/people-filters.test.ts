/**
 * Saved filters (smart groups) over a seeded history (person-history-fixtures.ts): saved, changed
 * and removed through the API with an audit entry each; the People page filtered by one; a
 * campaign's audience taken from one; and another tenant's filter is a plain 404 everywhere.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PeoplePage } from '@shared/people';
import type { SavedFilter } from '@shared/person-history';
import { campaignFile, importCampaign, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { seedHistory, type SeededHistory } from '@server/test/person-history-fixtures';

describeEachDatabase('saved filters of people', (get) => {
  let seeded: SeededHistory;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    seeded = await seedHistory(get(), 'Filters');
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = seeded.tenant.headers,
  ) => get().admin.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const save = async (name: string, filter: object) => {
    const res = await inject('POST', '/api/admin/people/filters', { name, filter });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SavedFilter>();
  };
  const members = async (filterId: string) => {
    const res = await inject('GET', `/api/admin/people?filter=${filterId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<PeoplePage>();
    return { total: page.total, names: page.items.map((p) => p.first_name) };
  };

  it('chooses people by risk band, recent clicks, reports, department and language', async () => {
    // ana 41 (medium), ben 15 and cy 20 (low); ana and ben clicked in the last hour; only cy never reported.
    expect(await members((await save('Medium risk', { risk_band: 'medium' })).id)).toEqual({
      total: 1,
      names: ['Ana'],
    });
    expect(await members((await save('Low risk', { risk_band: 'low' })).id)).toEqual({
      total: 2,
      names: ['Ben', 'Cy'],
    });
    expect(await members((await save('Clicked lately', { clicked_within_days: 7 })).id)).toEqual({
      total: 2,
      names: ['Ana', 'Ben'],
    });
    expect(await members((await save('Quiet', { never_reported: true })).id)).toEqual({
      total: 1,
      names: ['Cy'],
    });
    expect(await members((await save('German', { language_code: 'de' })).id)).toEqual({
      total: 1,
      names: ['Ana'],
    });
    const both = await save('Low and quiet', { risk_band: 'low', never_reported: true });
    expect(await members(both.id)).toEqual({ total: 1, names: ['Cy'] });
    expect(await members((await save('Legal', { department: 'Legal' })).id)).toEqual({ total: 0, names: [] });
    const listed = (await inject('GET', '/api/admin/people/filters')).json<{ filters: SavedFilter[] }>();
    expect(listed.filters.map((f) => f.name)).toContain('Low and quiet');
  });

  it('changes and removes a filter, refuses a name already taken, and audits each change', async () => {
    const saved = await save('Repeaters', { clicked_within_days: 30 });
    const taken = await inject('POST', '/api/admin/people/filters', { name: 'Repeaters', filter: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'conflict' } });
    const bad = await inject('POST', '/api/admin/people/filters', {
      name: 'Odd',
      filter: { risk_band: 'extreme' },
    });
    expect(bad.statusCode).toBe(400);
    const changed = await inject('PUT', `/api/admin/people/filters/${saved.id}`, {
      name: 'Repeaters, quiet',
      filter: { clicked_within_days: 30, never_reported: true },
    });
    expect(changed.json()).toMatchObject({ name: 'Repeaters, quiet', filter: { never_reported: true } });
    expect(await members(saved.id)).toEqual({ total: 0, names: [] });
    expect((await inject('DELETE', `/api/admin/people/filters/${saved.id}`)).statusCode).toBe(204);
    expect((await inject('GET', `/api/admin/people?filter=${saved.id}`)).statusCode).toBe(404);
    const audit = await get()
      .database.db.selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', seeded.tenant.tenantId)
      .where('target', '=', saved.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'people_filter.create',
      'people_filter.change',
      'people_filter.delete',
    ]);
  });

  it("adds a smart group's active people to a campaign, and refuses another tenant's filter", async () => {
    const clicked = await save('Clicked this week', { clicked_within_days: 7 });
    const campaign = await importCampaign(get(), seeded.tenant, campaignFile({ name: 'Follow-up' }));
    const add = (filterId: string, headers = seeded.tenant.headers) =>
      inject(
        'POST',
        `/api/admin/campaigns/${campaign}/recipients/from-people`,
        { audience: { kind: 'filter', filter_id: filterId } },
        headers,
      );
    const added = await add(clicked.id);
    expect(added.json()).toEqual({ added: 2, already_recipients: 0 });
    expect((await add(clicked.id)).json()).toEqual({ added: 0, already_recipients: 2 });

    const other = await newTenant(get(), 'Other filters');
    const own = await importCampaign(get(), other, campaignFile({ name: 'Theirs' }));
    const theirs = await get().admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${own}/recipients/from-people`,
      headers: other.headers,
      payload: { audience: { kind: 'filter', filter_id: clicked.id } },
    });
    expect(theirs.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/admin/people?filter=${clicked.id}`],
      ['PUT', `/api/admin/people/filters/${clicked.id}`],
      ['DELETE', `/api/admin/people/filters/${clicked.id}`],
    ] as const) {
      const res = await inject(
        method,
        url,
        method === 'PUT' ? { name: 'Stolen', filter: {} } : undefined,
        other.headers,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject('GET', '/api/admin/people/filters', undefined, other.headers)).json()).toEqual({
      filters: [],
    });
  });
});
