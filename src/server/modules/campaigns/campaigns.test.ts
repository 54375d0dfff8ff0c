import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignFile, importCampaign, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { parseCampaignFileText } from './campaign-file';
import { findRecipientByRid } from '../journey/journey.repository';

describeEachDatabase('operator API: campaigns', (get) => {
  it('imports a campaign file, lists it and exports it with the defaults applied', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
      payload: campaignFile({ name: 'Payroll lure' }),
    });
    expect(res.statusCode).toBe(201);
    const summary = res.json<{ id: string; name: string; recipients: number }>();
    expect(summary).toMatchObject({ name: 'Payroll lure', recipients: 0, ended_at: null });

    const list = await admin.inject({ method: 'GET', url: '/api/admin/campaigns', headers: tenant.headers });
    expect(list.json<{ campaigns: { id: string }[] }>().campaigns.map((c) => c.id)).toEqual([summary.id]);

    const exported = await admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${summary.id}`,
      headers: tenant.headers,
    });
    expect(exported.statusCode).toBe(200);
    const file = exported.json<{ file: Record<string, unknown> }>().file;
    expect(file).toMatchObject({
      name: 'Payroll lure',
      navigation: ['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'],
    });
    // The export is a valid campaign file: importing it again works.
    expect(await importCampaign(get(), tenant, file as never)).not.toBe(summary.id);
  });

  it('answers an import with warnings when the campaign is not running now', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const post = async (overrides: Record<string, string>) =>
      (
        await admin.inject({
          method: 'POST',
          url: '/api/admin/campaigns',
          headers: tenant.headers,
          payload: campaignFile(overrides),
        })
      ).json<{ warnings: string[] }>().warnings;
    expect(await post({})).toEqual([]);
    expect(await post({ starts_at: '2999-01-01T00:00:00Z' })).toEqual([
      'The campaign starts at 2999-01-01T00:00:00Z, in the future: until then its links show "not available"',
    ]);
    expect(await post({ starts_at: '2000-01-01T00:00:00Z', ends_at: '2001-01-01T00:00:00Z' })).toEqual([
      'The campaign ended at 2001-01-01T00:00:00Z, in the past: its links show "not available"',
    ]);
  });

  it('rejects an invalid campaign file with the field path and loses nothing', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const bad = campaignFile({ phishing: { phishing_logo: 'not-a-url' } });
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('phishing.phishing_logo');
    const list = await admin.inject({ method: 'GET', url: '/api/admin/campaigns', headers: tenant.headers });
    expect(list.json<{ campaigns: unknown[] }>().campaigns).toHaveLength(0);
  });

  it('sets and clears dates, refuses an end before the start, and ends a campaign', async () => {
    const { admin, database } = get();
    const tenant = await newTenant(get());
    const id = await importCampaign(get(), tenant);
    const patch = (payload: object) =>
      admin.inject({ method: 'PATCH', url: `/api/admin/campaigns/${id}`, headers: tenant.headers, payload });

    const set = await patch({ starts_at: '2026-12-01T08:00:00Z', ends_at: '2026-12-15T18:00:00Z' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ starts_at: '2026-12-01T08:00:00Z', ends_at: '2026-12-15T18:00:00Z' });
    const exported = await admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}`,
      headers: tenant.headers,
    });
    expect(exported.json()).toMatchObject({ file: { starts_at: '2026-12-01T08:00:00Z' } });

    const backwards = await patch({ ends_at: '2026-11-01T00:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error: { code: 'invalid_dates' } });
    expect((await patch({ starts_at: 'tomorrow' })).statusCode).toBe(400);
    expect((await patch({ ends_at: null })).json()).toMatchObject({ ends_at: null });

    await admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/recipients`,
      headers: { ...tenant.headers, 'content-type': 'text/csv' },
      payload: 'email\nend@example.com\n',
    });
    const ended = await admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/end`,
      headers: tenant.headers,
    });
    expect(ended.statusCode).toBe(200);
    const endedAt = ended.json<{ ended_at: string }>().ended_at;
    expect(Date.parse(endedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Idempotent: ending again keeps the first time.
    const again = await admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/end`,
      headers: tenant.headers,
    });
    expect(again.json<{ ended_at: string }>().ended_at).toBe(endedAt);
    // What the recipient pages read for a link of this campaign now carries the end.
    const rid = (
      await database.db
        .selectFrom('recipients')
        .select('rid')
        .where('campaign_id', '=', id)
        .executeTakeFirstOrThrow()
    ).rid;
    expect((await findRecipientByRid(database.db, rid))?.ended_at).toBe(endedAt);
  });
});

describe('campaign file from the CLI', () => {
  it('names the field and its line for a schema error', () => {
    const text = [
      '{',
      '  "name": "x",',
      '  "phishing": {',
      '    "phishing_logo": "nope"',
      '  },',
      '  "awareness": {}',
      '}',
    ].join('\n');
    expect(() => parseCampaignFileText(text)).toThrow(
      'Invalid campaign file: phishing.phishing_logo (line 4): Invalid URL; awareness.content (line 6)',
    );
  });

  it('names the line of a JSON syntax error', () => {
    expect(() => parseCampaignFileText('{\n  "name": "x",\n}')).toThrow(/at line 3/);
  });

  it('locates array elements', () => {
    const text = JSON.stringify(
      campaignFile({
        sei: [
          { id: 'ok', title: 't', explanation: 'e', target: { on: 'page' } },
          { id: 'bad id!', title: 't', explanation: 'e', target: { on: 'page' } },
        ],
      }),
      null,
      2,
    );
    const line = text.split('\n').findIndex((l) => l.includes('"bad id!"')) + 1;
    expect(() => parseCampaignFileText(text)).toThrow(`sei.1.id (line ${line})`);
  });
});

describe('docs/operators.md walkthrough', () => {
  it('its campaign file example is a valid campaign file', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/operators.md'), 'utf8');
    const operators = readme.slice(readme.indexOf('\n## Walkthrough\n'));
    const example = /```json\n([\s\S]*?)\n```/.exec(operators)?.[1];
    expect(example).toBeDefined();
    const file = parseCampaignFileText(example!);
    expect(file.navigation).toEqual(['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire']);
    expect(file.questionnaire.questions).toHaveLength(2);
  });
});
