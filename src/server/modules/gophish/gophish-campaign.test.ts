/**
 * A GoPhish campaign with its results (fixtures written from GoPhish's models: campaign.go,
 * result.go, event.go) imported as a finished campaign: its results, timeline and the person's
 * history read back through the API, its clicks unverified, nothing typed kept anywhere.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Results } from '@shared/results';
import type { PersonHistory } from '@shared/person-history';
import { riskOf } from '@shared/people-risk';
import type { ProgrammeReport } from '@shared/programme';
import type { GophishImportResult } from '@shared/gophish-import';
import type { ImportedTimeline } from '@shared/gophish-campaign';
import { dialectOf } from '@server/db/database';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { importedCampaignOf, submittedFieldNames } from './gophish-campaign';
import { emptyReport } from './gophish-report';
import { gophishCampaignSchema } from '@shared/gophish-campaign';

const json = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));

/** What Jana typed into GoPhish's page, and what GoPhish kept of her browser. */
const TYPED = 'Winter2024!Secret';
const BROWSER = 'Chrome/122.0';

async function importBody(h: Harness, tenant: TestTenant, payload: Record<string, unknown>) {
  return h.admin.inject({
    method: 'POST',
    url: '/api/admin/import/gophish',
    headers: tenant.headers,
    payload,
  });
}

/** Every row of every table, as text: what the database holds anywhere. */
async function everyRow(h: Harness): Promise<string> {
  const { db } = h.database;
  const tables =
    dialectOf(db) === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            db,
          )
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  expect(tables.length).toBeGreaterThan(20);
  const texts: string[] = [];
  for (const { name } of tables) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(db);
    texts.push(
      JSON.stringify(rows.rows, (_key, value: unknown) =>
        value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
      ),
    );
  }
  return texts.join('\n');
}

describe('a GoPhish campaign read as Hookwise keeps it', () => {
  it('keeps a submit’s field names, never its values or GoPhish’s own rid', () => {
    const details = JSON.stringify({ payload: { rid: ['x'], email: ['a@b.c'], password: [TYPED] } });
    expect(submittedFieldNames(details)).toEqual(['email', 'password']);
    expect(submittedFieldNames('not json')).toEqual([]);
  });

  it('takes each result’s outcome from the timeline, and from its status where the timeline has none', () => {
    const campaign = gophishCampaignSchema.parse(json('campaign-results.json'));
    const plan = importedCampaignOf(campaign, emptyReport(), '2026-01-01T00:00:00.000Z');
    expect(plan.launched_at).toBe('2024-03-04T09:00:00.123Z');
    expect(plan.ended_at).toBe('2024-03-11T17:00:00.000Z');
    expect(plan.counts).toEqual({ sent: 4, opened: 3, clicked: 3, submitted: 1, reported: 1, send_error: 1 });
    const jana = plan.recipients.find((r) => r.email === 'jana@corp.example');
    expect(jana?.steps).toEqual([
      { type: 'visited', at: '2024-03-04T09:12:00.000Z' },
      { type: 'submitted', at: '2024-03-04T09:14:10.000Z', fields: ['email', 'password'] },
    ]);
    expect(JSON.stringify(plan)).not.toContain(TYPED);
  });
});

describeEachDatabase('importing a GoPhish campaign with its results', (get) => {
  it('becomes a finished campaign, marked as imported, with its results, timeline and people’s history', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await importBody(h, tenant, { campaign: json('campaign-results.json') });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.campaigns).toEqual([]);
    expect(answer.imported_campaigns).toHaveLength(1);
    const imported = answer.imported_campaigns[0]!;
    expect(imported.campaign).toMatchObject({
      name: 'Q1 parcels',
      status: 'ended',
      imported_from: 'gophish',
      launched_at: '2024-03-04T09:00:00.123Z',
      ended_at: '2024-03-11T17:00:00.000Z',
      recipients: 5,
    });
    expect(imported.timeline).toEqual({
      sent: 4,
      opened: 3,
      clicked: 3,
      submitted: 1,
      reported: 1,
      send_error: 1,
    });
    expect(answer.report.dropped.join('\n')).toMatch(/what recipients typed into the page/);
    const id = imported.campaign.id;

    // The list and the campaign itself say where it came from.
    const list = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
    });
    expect(list.json<{ campaigns: { id: string; imported_from: string | null }[] }>().campaigns).toEqual([
      expect.objectContaining({ id, imported_from: 'gophish' }),
    ]);

    // Results: GoPhish's clicks are the link opened with an unverified verdict, not people's clicks.
    const results = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/results`,
        headers: tenant.headers,
      })
    ).json<Results>();
    expect(results.funnel.recipients).toBe(5);
    expect(results.funnel.visited).toBe(2);
    expect(results.funnel.clicked).toBe(0);
    expect(results.verdicts.unverified).toBe(2);
    expect(results.reporting).toMatchObject({ sent: 4, reported: 1 });
    const byEmail = new Map(results.recipients.map((r) => [r.email, r]));
    // Her submit is kept, outside the people funnel as any step after an unverified visit.
    expect(byEmail.get('jana@corp.example')).toMatchObject({
      status: 'visited',
      outside_funnel: ['submitted'],
      verdict: 'unverified',
      sent_at: '2024-03-04T09:00:05.000Z',
      verdict_reasons: ['imported from GoPhish, which could not tell people from mail scanners'],
    });
    expect(byEmail.get('petr@corp.example')).toMatchObject({ status: 'visited', verdict: 'unverified' });
    expect(byEmail.get('eva@corp.example')).toMatchObject({ status: 'created', verdict: null });
    expect(byEmail.get('tomas@corp.example')).toMatchObject({
      reported_at: '2024-03-04T09:20:00.000Z',
      seconds_to_report: 1192,
    });
    expect(byEmail.get('lucie@corp.example')).toMatchObject({ sent_at: null, status: 'created' });

    // The dashboard names why they are unverified: imported, never judged.
    const dashboard = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/dashboard`,
        headers: tenant.headers,
      })
    ).json<{ verdicts: { reasons: unknown[] } }>();
    expect(dashboard.verdicts.reasons).toEqual([{ verdict: 'unverified', reason: 'imported', count: 2 }]);

    // The timeline as GoPhish recorded it, opened e-mails included, with the original times.
    const timeline = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/imported-timeline`,
        headers: tenant.headers,
      })
    ).json<ImportedTimeline>();
    expect(timeline.imported_from).toBe('gophish');
    expect(timeline.timeline).toHaveLength(13);
    expect(timeline.timeline.filter((e) => e.email === 'petr@corp.example')).toEqual([
      { email: 'petr@corp.example', kind: 'sent', at: '2024-03-04T09:00:06.000Z' },
      { email: 'petr@corp.example', kind: 'opened', at: '2024-03-04T10:00:00.000Z' },
      { email: 'petr@corp.example', kind: 'clicked', at: '2024-03-04T10:01:00.000Z' },
      { email: 'petr@corp.example', kind: 'clicked', at: '2024-03-04T10:02:00.000Z' },
    ]);
    expect(timeline.timeline).toContainEqual({
      email: 'lucie@corp.example',
      kind: 'send_error',
      at: '2024-03-04T09:00:09.000Z',
    });

    // The person's history: the simulation, reported or not, and no click counted as theirs.
    const history = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/people/${encodeURIComponent('jana@corp.example')}/history`,
        headers: tenant.headers,
      })
    ).json<PersonHistory>();
    expect(history.simulations).toEqual([
      expect.objectContaining({
        campaign_name: 'Q1 parcels',
        sent_at: '2024-03-04T09:00:05.000Z',
        clicked: false,
        submitted: false,
        imported_from: 'gophish',
        unverified_click: true,
      }),
    ]);
    // Shown, not scored: the risk is that of a person with no simulation.
    expect(history.risk).toEqual(riskOf([], new Date()));

    // The programme report leaves the imported campaign out: its clicks were never judged.
    const programme = (
      await h.admin.inject({
        method: 'GET',
        url: '/api/admin/programme/report?from=2024-01&to=2024-12',
        headers: tenant.headers,
      })
    ).json<ProgrammeReport>();
    expect(programme.totals).toMatchObject({ sent: 0, clicked: 0, reported: 0 });
    const tomas = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/people/${encodeURIComponent('tomas@corp.example')}/history`,
        headers: tenant.headers,
      })
    ).json<PersonHistory>();
    expect(tomas.simulations[0]).toMatchObject({ reported: true, reported_at: '2024-03-04T09:20:00.000Z' });

    // Never launched, given recipients or sent again.
    const launch = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: tenant.headers,
      payload: {},
    });
    expect(launch.statusCode).toBe(409);
    const more = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/recipients`,
      headers: { ...tenant.headers, 'content-type': 'text/csv' },
      payload: 'email\nnew@corp.example\n',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json<{ error: { code: string } }>().error.code).toBe('campaign_ended');

    // Audited, and nothing typed (nor GoPhish's copy of the browser) kept anywhere.
    const audit = await h.database.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'details'])
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    expect(audit.map((row) => ({ ...row, details: JSON.parse(row.details) as unknown }))).toContainEqual({
      action: 'campaign.import_gophish',
      target: id,
      details: expect.objectContaining({ with_results: true, recipients: 5 }),
    });
    const everything = await everyRow(h);
    expect(everything).toContain('petr@corp.example');
    expect(everything).not.toContain(TYPED);
    expect(everything).not.toContain(BROWSER);

    // Another tenant sees none of it.
    const other = await newTenant(h, 'Other');
    for (const url of [
      `/api/admin/campaigns/${id}/imported-timeline`,
      `/api/admin/campaigns/${id}/results`,
    ]) {
      const res = await h.admin.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it('imports a list of campaigns, including the results-only shape and one GoPhish had not completed', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await importBody(h, tenant, { campaign: json('campaigns.json') });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<GophishImportResult>();
    expect(answer.imported_campaigns.map((c) => [c.campaign.name, c.campaign.status, c.recipients])).toEqual([
      ['Q2 invoices', 'ended', 1],
      ['Q3 payroll', 'ended', 1],
    ]);
    expect(answer.report.attention.join('\n')).toMatch(/campaign "Q3 payroll": GoPhish had not completed it/);
    const results = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${answer.imported_campaigns[0]!.campaign.id}/results`,
        headers: tenant.headers,
      })
    ).json<Results>();
    expect(results.recipients[0]).toMatchObject({
      email: 'jana@corp.example',
      verdict: 'unverified',
      reported_at: '2024-06-03T08:30:00.000Z',
    });
  });

  it('refuses a malformed file whole, naming the item and the field, and stores nothing', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await importBody(h, tenant, { campaign: json('campaigns-malformed.json') });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.message).toMatch(
      /item 2: “Q3 payroll” cannot be imported: results\.0\.send_date: "yesterday" is not a date and time/,
    );
    const list = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
    });
    expect(list.json<{ campaigns: unknown[] }>().campaigns).toEqual([]);

    const template = await importBody(h, tenant, { template: json('campaign-results.json') });
    expect(template.statusCode).toBe(400);
    expect(template.json<{ error: { message: string } }>().error.message).toMatch(
      /GoPhish's JSON for a campaign, not an e-mail template: give it as "campaign"/,
    );
  });
});

describe('hookwise import gophish --campaign', () => {
  it('imports a finished campaign and says what it kept, and refuses a malformed file in words', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-gophish-campaign-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test' };
    const bin = path.resolve(import.meta.dirname, '../../../../bin/hookwise.js');
    const run = (...args: string[]) => spawnSync('node', [bin, ...args], { env, encoding: 'utf8' });
    const tenant = JSON.parse(run('tenant', 'create', 'T', '--json').stdout) as { tenant_id: string };
    const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
    const ok = run(
      'import',
      'gophish',
      '--tenant',
      tenant.tenant_id,
      '--campaign',
      fixture('campaign-results.json'),
    );
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(
      /^Imported finished campaign \S+ \(Q1 parcels\) from GoPhish with 5 recipients: 4 sent, 3 opened, 3 clicked \(unverified\), 1 submitted, 1 reported\n/,
    );
    const bad = run(
      'import',
      'gophish',
      '--tenant',
      tenant.tenant_id,
      '--campaign',
      fixture('campaigns-malformed.json'),
    );
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain(
      `--campaign ${fixture('campaigns-malformed.json')}: item 2: “Q3 payroll” cannot be imported: results.0.send_date: "yesterday" is not a date and time as GoPhish writes them`,
    );
    const list = run('campaign', 'list', '--json');
    expect((JSON.parse(list.stdout) as unknown[]).length).toBe(1);
  });
});
