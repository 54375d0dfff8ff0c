/**
 * The campaign dashboard at scale: 100,000 recipients with 800,000 events (every step of every
 * recipient, the worst case: a step is recorded once per recipient) and 200,000 visits with
 * their verdicts — 1,000,000 recorded events — built straight into the database with the
 * columns the journey's write path keeps on each recipient (first click, its delay, reason
 * kinds; one in eight reports the message), then the dashboard request
 * (GET /api/admin/campaigns/:id/dashboard through the admin app, API key, schema validation and
 * serialisation included), a filtered and sorted recipients page and one recipient's
 * drill-down, each the median of 5; and in Chromium, navigation to the drawn dashboard
 * (dashboard-browser.ts). `npm run bench -- --only=dashboard`, or
 * `npx tsx bench/dashboard.ts [recipients]` for this alone (CONSOLE_ROOT: a console build).
 */
import { sql } from 'kysely';
import { buildAdminApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseConnection } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import type { NewEvent, NewRecipient, NewVisit } from '@server/db/schema';
import { newId, newRid } from '@server/lib/ids';
import { createDemo } from '@server/modules/demo/demo.service';
import type { ClickVerdict } from '@shared/clicks';
import { reasonKindBits } from '@server/modules/clicks/click-verdict';
import { EVENT_TYPES, stepBit } from '@shared/events';
import type { LanguageCode } from '@shared/languages';
import { dashboardDrawTimes } from './dashboard-browser';
import { benchDatabases, type BenchDatabase } from './support/databases';
import { formatFigure, type Figure } from './support/report';

const BATCH = 500;
const LANGUAGES: LanguageCode[] = ['en', 'de', 'fr', 'es', 'ja'];
const VERDICTS: { verdict: ClickVerdict; reasons: string[] }[] = [
  { verdict: 'human', reasons: ['trusted pointer gesture'] },
  { verdict: 'human', reasons: ['trusted key gesture'] },
  { verdict: 'likely_human', reasons: ['visible 5.2 s with focus'] },
  { verdict: 'automated', reasons: ['navigator.webdriver', '3.1 s after send'] },
  { verdict: 'unverified', reasons: ['plain GET'] },
];

export async function dashboardBench(database: BenchDatabase, size: number): Promise<Figure[]> {
  const section = `dashboard/${database.kind}`;
  const db = openDatabase(database.url);
  await migrateToLatest(db.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    POLL_TOKEN_SECRET: 'x'.repeat(40),
    // The console's build: dist/console (npm run bench builds it), or one made elsewhere.
    ...(process.env.CONSOLE_ROOT ? { CONSOLE_ROOT: process.env.CONSOLE_ROOT } : {}),
  });
  const demo = await createDemo(db.db, config);
  const built = await buildDashboardCampaign(db, demo.tenantId, demo.campaignId, size);
  const admin = await buildAdminApp({ config, database: db }, { logger: { level: 'silent' } });
  const headers = { authorization: `Bearer ${demo.apiKey}` };
  const get = async (url: string) => {
    const res = await admin.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const c = `/api/admin/campaigns/${demo.campaignId}`;
  const dashboard = await median(() => get(`${c}/dashboard`));
  const table = await median(() =>
    get(
      `${c}/results/recipients?verdict=automated&sort=email&order=desc&offset=${Math.floor(size / 10)}&limit=50`,
    ),
  );
  const someone = (await get(`${c}/results/recipients?limit=1&offset=${Math.floor(size / 2)}`)).json<{
    items: { id: string }[];
  }>().items[0]!.id;
  const drill = await median(() => get(`${c}/results/recipients/${someone}`));
  const drawn = await dashboardDrawTimes(admin, db, demo.tenantId, demo.campaignId);
  await admin.close();
  await db.close();
  const k = `${size / 1000}k`;
  const target = { op: '<=' as const, value: 200, of: 'value' as const };
  return [
    {
      section,
      name: `build ${k} recipients + ${(built.rows - size) / 1000}k events/visits`,
      value: built.rows / (built.ms / 1000),
      unit: 'rows/s',
      note: `${(built.ms / 1000).toFixed(1)} s`,
    },
    { section, name: `dashboard request at ${k}`, value: dashboard, unit: 'ms', target },
    { section, name: `recipients page (automated, by email) at ${k}`, value: table, unit: 'ms', target },
    { section, name: `one recipient's activity at ${k}`, value: drill, unit: 'ms', target },
    ...(drawn
      ? [
          {
            section,
            name: `Chromium: navigation to drawn dashboard at ${k}, fresh cache`,
            value: drawn.fresh,
            unit: 'ms',
            note: 'the funnel’s SVG bars in the page; median of 5',
          },
          {
            section,
            name: `Chromium: navigation to drawn dashboard at ${k}, console cached`,
            value: drawn.cached,
            unit: 'ms',
            note: 'a reload; median of 5',
          },
        ]
      : []),
  ];
}

/**
 * Recipients in five languages and twenty departments, verdicts in the mix above (automated and
 * unverified ones without the clicked step), clicks spread over a day, and every step's event.
 */
export async function buildDashboardCampaign(
  db: DatabaseConnection,
  tenantId: string,
  campaignId: string,
  size: number,
) {
  const started = performance.now();
  const sent = Date.parse('2026-12-01T08:00:00.000Z');
  let rows = 0;
  for (let start = 0; start < size; start += BATCH) {
    const recipients: NewRecipient[] = [];
    const events: NewEvent[] = [];
    const visits: NewVisit[] = [];
    for (let i = start; i < Math.min(size, start + BATCH); i++) {
      const id = newId();
      const judged = VERDICTS[i % VERDICTS.length]!;
      const person = judged.verdict === 'human' || judged.verdict === 'likely_human';
      const score = (i * 7) % 101;
      const clickAt = (offset: number) => new Date(sent + ((i * 863) % 86_400) * 1000 + offset).toISOString();
      // One in eight reports the message, some minutes after their click.
      const reported = i % 8 === 0 ? clickAt(60_000 + (i % 3600) * 1000) : null;
      recipients.push({
        id,
        tenant_id: tenantId,
        campaign_id: campaignId,
        rid: newRid(),
        email: `r${i}@example.com`,
        person_id: null,
        first_name: null,
        language_code: LANGUAGES[i % LANGUAGES.length]!,
        department: `Department ${i % 20}`,
        status: 'completed',
        status_rank: EVENT_TYPES.length,
        steps: 2 ** EVENT_TYPES.length - 1 - (person ? 0 : stepBit('clicked')),
        score,
        verdict: judged.verdict,
        verdict_reasons: JSON.stringify(judged.reasons),
        // What the journey's write path keeps with the verdict and the clicked event.
        reason_kinds: reasonKindBits(judged.reasons),
        clicked_at: clickAt(1000),
        click_seconds: (Date.parse(clickAt(1000)) - sent) / 1000,
        sent_at: new Date(sent).toISOString(),
        reported_at: reported,
        created_at: new Date(sent - 86_400_000 + i).toISOString(),
      });
      EVENT_TYPES.forEach((type, step) => {
        const details =
          type === 'questionnaire_completed'
            ? JSON.stringify({ answers: { q1: [i % 3 === 0 ? 'b' : 'a'], q2: ['a', 'b'], q3: ['b'] }, score })
            : '{}';
        events.push({
          id: newId(),
          tenant_id: tenantId,
          campaign_id: campaignId,
          recipient_id: id,
          type,
          details,
          ip: '203.0.113.0',
          user_agent: 'bench',
          created_at: clickAt(step * 1000),
        });
      });
      for (const source of ['page', 'event'] as const) {
        visits.push({
          id: newId(),
          tenant_id: tenantId,
          campaign_id: campaignId,
          recipient_id: id,
          source,
          network: `203.0.${i % 250}.0/24`,
          catalogue_match: null,
          facts: '{}',
          fanout: 1,
          verdict: source === 'page' ? 'unverified' : judged.verdict,
          reasons: JSON.stringify(source === 'page' ? ['plain GET'] : judged.reasons),
          created_at: clickAt(0),
        });
      }
    }
    await db.db.transaction().execute(async (trx) => {
      await trx.insertInto('recipients').values(recipients).execute();
      for (let i = 0; i < events.length; i += 3000)
        await trx
          .insertInto('events')
          .values(events.slice(i, i + 3000))
          .execute();
      for (let i = 0; i < visits.length; i += 2000)
        await trx
          .insertInto('visits')
          .values(visits.slice(i, i + 2000))
          .execute();
    });
    rows += recipients.length + events.length + visits.length;
  }
  // As autovacuum does soon after such a load (PostgreSQL 13+ vacuums after inserts too): fresh
  // statistics, and a visibility map that lets index-only scans skip the table.
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.db);
  return { ms: performance.now() - started, rows };
}

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] ?? Number.NaN;
}

// Run on its own: `npx tsx bench/dashboard.ts [recipients]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(process.argv[2] ?? 100_000);
  const databases = await benchDatabases();
  try {
    for (const database of databases)
      for (const figure of await dashboardBench(database, size)) console.log(formatFigure(figure));
  } finally {
    for (const database of databases) await database.drop();
  }
}
