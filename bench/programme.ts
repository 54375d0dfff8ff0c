/**
 * The programme report at scale: 10,000 people in twenty departments, sent a simulation every
 * month for 24 months (240,000 recipients, bulk-inserted with SQL in 24 campaigns, half of them
 * noted as library scenarios), clicks falling and reports rising over the months; then
 * GET /api/admin/programme/report for the 24 months (through the admin app: API key, schema
 * validation, serialisation), for the tenant and for one department, each the median of 5.
 * `npm run bench -- --only=programme`.
 */
import { sql } from 'kysely';
import { buildAdminApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import type { Db, NewPerson, NewRecipient } from '@server/db/schema';
import { newId, newRid } from '@server/lib/ids';
import { createTenant } from '@server/modules/tenants/tenants.service';
import { stepBit } from '@shared/events';
import type { BenchDatabase } from './support/databases';
import type { Figure } from './support/report';

const PEOPLE = 10_000;
const MONTHS = 24;
const BATCH = 500;
const CLICKED = stepBit('visited') | stepBit('clicked');
const SUBMITTED = CLICKED | stepBit('submitted');

export async function programmeBench(database: BenchDatabase): Promise<Figure[]> {
  const section = `programme/${database.kind}`;
  const connection = openDatabase(database.url);
  const { db } = connection;
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    POLL_TOKEN_SECRET: 'x'.repeat(40),
  });
  const started = performance.now();
  const { apiKey } = await buildProgrammeHistory(db, connection.dialect);
  const buildMs = performance.now() - started;

  const admin = await buildAdminApp({ config, database: connection }, { logger: { level: 'silent' } });
  const headers = { authorization: `Bearer ${apiKey}` };
  const report = (query: string) => async () => {
    const res = await admin.inject({ method: 'GET', url: `/api/admin/programme/report?${query}`, headers });
    if (res.statusCode !== 200)
      throw new Error(`programme report: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const body = res.json<{ totals: { sent: number } }>();
    if (body.totals.sent === 0) throw new Error('programme report: nothing sent');
  };
  const whole = await median(report('from=2025-01&to=2026-12'));
  const department = await median(report('from=2025-01&to=2026-12&department=Department%207'));
  await admin.close();
  await connection.close();
  const target = { op: '<=' as const, value: 200, of: 'value' as const };
  const rows = PEOPLE * MONTHS;
  return [
    {
      section,
      name: `build ${PEOPLE / 1000}k people × ${MONTHS} months`,
      value: rows / (buildMs / 1000),
      unit: 'rows/s',
      note: `${(buildMs / 1000).toFixed(1)} s`,
    },
    { section, name: `report, 24 months, ${rows / 1000}k recipients`, value: whole, unit: 'ms', target },
    { section, name: 'report, 24 months, one department', value: department, unit: 'ms', target },
  ];
}

/** The median of five timed runs, after one to warm the caches. */
async function median(work: () => Promise<void>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

/** The bench's tenant: 10,000 people in twenty departments, a campaign a month for 24 months. */
export async function buildProgrammeHistory(db: Db, dialect: 'sqlite' | 'postgres') {
  const { tenantId, apiKey } = await createTenant(db, 'Programme bench');

  const now = new Date().toISOString();
  const people: NewPerson[] = Array.from({ length: PEOPLE }, (_, i) => ({
    id: newId(),
    tenant_id: tenantId,
    email: `p${i}@example.com`,
    person_id: null,
    user_name: null,
    user_name_key: null,
    external_id: null,
    first_name: null,
    last_name: null,
    display_name: null,
    language_code: 'en',
    department: `Department ${i % 20}`,
    manager_id: null,
    manager_name: null,
    deactivated_at: null,
    source: 'recipients',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < people.length; i += BATCH)
    await db
      .insertInto('people')
      .values(people.slice(i, i + BATCH))
      .execute();

  for (let month = 0; month < MONTHS; month++) {
    const sent = Date.UTC(2025, month, 10, 9);
    const campaignId = newId();
    await db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        tenant_id: tenantId,
        name: `Month ${month + 1}`,
        content: JSON.stringify({ name: `Month ${month + 1}`, phishing: {}, awareness: { content: 'x' } }),
        language_code: 'en',
        starts_at: null,
        ends_at: null,
        ended_at: null,
        launched_at: new Date(sent).toISOString(),
        created_at: new Date(sent).toISOString(),
      })
      .execute();
    if (month % 2 === 0) {
      await db
        .insertInto('campaign_scenarios')
        .values({
          campaign_id: campaignId,
          tenant_id: tenantId,
          scenario_id: 'shared-document',
          difficulty: 1 + (month % 5),
          lure: 'shared_document',
          created_at: now,
        })
        .execute();
    }
    // Clicks fall from about 20 % to 8 %, reports rise from about 10 % to 40 %.
    const clickPercent = 20 - Math.floor(month / 2);
    const reportPercent = 10 + month + Math.floor(month / 4);
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < PEOPLE; start += BATCH) {
        const rows: NewRecipient[] = [];
        for (let i = start; i < Math.min(PEOPLE, start + BATCH); i++) {
          const spin = (i * 37 + month * 11) % 100;
          const clicked = spin < clickPercent;
          const reported = (i * 53 + month * 7) % 100 < reportPercent;
          rows.push({
            id: newId(),
            tenant_id: tenantId,
            campaign_id: campaignId,
            rid: newRid(),
            email: `p${i}@example.com`,
            person_id: null,
            first_name: null,
            language_code: 'en',
            department: `Department ${i % 20}`,
            // As insertRecipients writes it: the person's department.
            programme_department: `Department ${i % 20}`,
            steps: clicked ? (spin % 3 === 0 ? SUBMITTED : CLICKED) : 0,
            verdict: clicked ? 'human' : null,
            sent_at: new Date(sent + (i % 600) * 1000).toISOString(),
            reported_at: reported
              ? new Date(sent + (i % 600) * 1000 + (5 + (i % 240)) * 60_000).toISOString()
              : null,
            person_ref: people[i]!.id,
            created_at: new Date(sent - 86_400_000).toISOString(),
          });
        }
        await trx.insertInto('recipients').values(rows).execute();
      }
    });
  }
  // As autovacuum would have by then: the planner's statistics of the freshly loaded tables.
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  return { tenantId, apiKey };
}
