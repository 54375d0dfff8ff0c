/**
 * A campaign's life through the operator API: a draft's links are not live (their campaign data,
 * /api/campaign/:rid, is the plain 404; the page shows the campaign-error page), launching makes
 * them live (now or from starts_at), editing and duplicating keep the content in every language,
 * and the recipients' languages are checked for missing content before launch.
 */
import { expect, it } from 'vitest';
import { campaignFile, importCsv, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';

describeEachDatabase('campaign lifecycle', (get) => {
  it('keeps a draft offline until it is launched, and launches it once', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const created = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns?draft=true',
      headers: tenant.headers,
      payload: campaignFile(),
    });
    expect(created.json()).toMatchObject({ status: 'draft', launched_at: null, time_zone: 'UTC' });
    const id = created.json<{ id: string }>().id;
    await importCsv(h, tenant, id, 'email\nann@example.com\n');
    const links = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/links`,
      headers: tenant.headers,
    });
    const rid = links.json<{ links: { rid: string }[] }>().links[0]!.rid;
    expect((await h.app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).statusCode).toBe(404);

    const launch = (payload: object) =>
      h.admin.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${id}/launch`,
        headers: tenant.headers,
        payload,
      });
    const bad = await launch({ time_zone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    const launched = await launch({ time_zone: 'Europe/Berlin' });
    expect(launched.statusCode).toBe(200);
    expect(launched.json()).toMatchObject({ campaign: { status: 'running', time_zone: 'Europe/Berlin' } });
    expect((await h.app.inject({ method: 'GET', url: `/api/campaign/${rid}` })).statusCode).toBe(200);
    const twice = await launch({});
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { code: string } }>().error.code).toBe('campaign_not_draft');
  });

  it('schedules a launch with a future start, and ends', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns?draft=true',
        headers: tenant.headers,
        payload: campaignFile(),
      })
    ).json<{ id: string }>().id;
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const launched = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: tenant.headers,
      payload: { starts_at: startsAt },
    });
    expect(launched.json()).toMatchObject({ campaign: { status: 'scheduled', starts_at: startsAt } });
    const ended = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/end`,
      headers: tenant.headers,
    });
    expect(ended.json()).toMatchObject({ status: 'ended' });
    const edit = await h.admin.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}/content`,
      headers: tenant.headers,
      payload: campaignFile(),
    });
    expect(edit.statusCode).toBe(409);
  });

  it('edits and duplicates a campaign with its translations, and reports language coverage', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const file = campaignFile({
      sei: [
        {
          id: 'from',
          title: 'Sender',
          explanation: 'Look at the sender',
          target: { on: 'email', element: 'from' },
        },
      ],
    });
    const id = (
      await h.admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns?draft=true',
        headers: tenant.headers,
        payload: file,
      })
    ).json<{ id: string }>().id;
    const edited = {
      ...file,
      name: 'Edited',
      translations: {
        de: { awareness: { content: 'Das war eine Übung.' }, sei: { from: { title: 'Absender' } } },
      },
    };
    const put = await h.admin.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}/content`,
      headers: tenant.headers,
      payload: edited,
    });
    expect(put.json()).toMatchObject({ name: 'Edited', status: 'draft' });
    const badId = await h.admin.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}/content`,
      headers: tenant.headers,
      payload: { ...edited, translations: { de: { sei: { nope: { title: 'x' } } } } },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ error: { message: string } }>().error.message).toContain('translations.de.sei.nope');

    await importCsv(
      h,
      tenant,
      id,
      'email,language\nann@example.com,de\nbob@example.com,de\ncy@example.com,fr\ndee@example.com,\n',
    );
    const coverage = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}/languages`,
      headers: tenant.headers,
    });
    // Texts: brand, awareness content, the red flag's title and explanation.
    expect(coverage.json()).toEqual({
      default_language: 'en',
      languages: [
        { language: 'de', recipients: 2, translated: 2, total: 4 },
        { language: 'en', recipients: 1, translated: 4, total: 4 },
        { language: 'fr', recipients: 1, translated: 0, total: 4 },
      ],
    });

    const copy = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/duplicate`,
      headers: tenant.headers,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Edited (copy)', status: 'draft', recipients: 0 });
    const exported = await h.admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${copy.json<{ id: string }>().id}`,
      headers: tenant.headers,
    });
    expect(exported.json<{ file: { translations: unknown } }>().file.translations).toEqual(
      edited.translations,
    );
  });
});
