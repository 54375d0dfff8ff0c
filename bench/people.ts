/**
 * People at scale: 10,000 people, each sent one simulation a month for 24 months (240,000
 * recipients, one campaign a month), one in ten clicking (as a person), a third of those
 * submitting the form and half finishing the training, one in five reporting, and one in ten
 * visits a scanner's that never counts, built straight into the database with the columns the
 * journey's write path keeps. Then, through the admin app (API key, schema validation and
 * serialisation included), each the median of 5: one person's history and risk, and each list
 * (repeat offenders, never reported, top reporters) over 12 months. `npm run bench --
 * --only=people`, or `npx tsx bench/people.ts [people]` for this alone.
 */
import { sql } from 'kysely';
import { buildAdminApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseConnection } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import type { NewJourneyAttempt, NewPerson, NewRecipient } from '@server/db/schema';
import { newId, newRid } from '@server/lib/ids';
import { createDemo } from '@server/modules/demo/demo.service';
import { stepBit } from '@shared/events';
import { benchDatabases, type BenchDatabase } from './support/databases';
import { formatFigure, type Figure } from './support/report';

const MONTHS = 24;
const BATCH = 1000;
const DAY_MS = 86_400_000;

export async function peopleBench(database: BenchDatabase, people: number): Promise<Figure[]> {
  const section = `people/${database.kind}`;
  const db = openDatabase(database.url);
  await migrateToLatest(db.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    POLL_TOKEN_SECRET: 'x'.repeat(40),
  });
  const demo = await createDemo(db.db, config);
  const built = await buildHistory(db, demo.tenantId, demo.campaignId, people);
  const admin = await buildAdminApp({ config, database: db }, { logger: { level: 'silent' } });
  const headers = { authorization: `Bearer ${demo.apiKey}` };
  const get = async (url: string) => {
    const res = await admin.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const someone = built.personIds[Math.floor(people / 2)] ?? '';
  const history = await median(() => get(`/api/admin/people/${someone}/history`));
  const lists = {
    'repeat-offenders': await median(() =>
      get('/api/admin/people/lists/repeat-offenders?clicks=2&months=12'),
    ),
    'never-reported': await median(() => get('/api/admin/people/lists/never-reported?months=12')),
    'top-reporters': await median(() => get('/api/admin/people/lists/top-reporters?months=12')),
  };
  await admin.close();
  await db.close();
  const k = `${people / 1000}k people × ${MONTHS} months`;
  const target = { op: '<=' as const, value: 200, of: 'value' as const };
  return [
    {
      section,
      name: `build ${built.rows / 1000}k rows`,
      value: built.rows / (built.ms / 1000),
      unit: 'rows/s',
      note: `${(built.ms / 1000).toFixed(1)} s`,
    },
    { section, name: `one person's history and risk at ${k}`, value: history, unit: 'ms', target },
    ...Object.entries(lists).map(([list, ms]) => ({
      section,
      name: `list ${list}, 12 months, at ${k}`,
      value: ms,
      unit: 'ms',
      target,
    })),
  ];
}

/** A deterministic spread of outcomes: person i's simulation of month m. */
const roll = (i: number, m: number, salt: number) =>
  ((i * 7919 + m * 104_729 + salt * 15_485_863) >>> 0) % 100;

export async function buildHistory(
  db: DatabaseConnection,
  tenantId: string,
  demoCampaignId: string,
  people: number,
) {
  const started = performance.now();
  const now = Date.now();
  const demo = await db.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', demoCampaignId)
    .executeTakeFirstOrThrow();
  const campaigns = Array.from({ length: MONTHS }, (_, m) => {
    const sent = new Date(now - (m * 30 + 1) * DAY_MS).toISOString();
    return { ...demo, id: newId(), name: `Month ${MONTHS - m}`, launched_at: sent, created_at: sent, sent };
  });
  await db.db
    .insertInto('campaigns')
    .values(campaigns.map(({ sent: _sent, content_version: _v, ...c }) => c))
    .execute();
  const personIds: string[] = [];
  let rows = MONTHS;
  for (let start = 0; start < people; start += BATCH) {
    const persons: NewPerson[] = [];
    const recipients: NewRecipient[] = [];
    const attempts: NewJourneyAttempt[] = [];
    for (let i = start; i < Math.min(people, start + BATCH); i++) {
      const personId = newId();
      personIds.push(personId);
      const email = `p${i}@example.com`;
      persons.push({
        id: personId,
        tenant_id: tenantId,
        email,
        person_id: null,
        user_name: null,
        user_name_key: null,
        external_id: null,
        first_name: `P${i}`,
        last_name: null,
        display_name: null,
        language_code: 'en',
        department: `Department ${i % 20}`,
        manager_id: null,
        manager_name: null,
        deactivated_at: null,
        source: 'recipients',
        created_at: new Date(now - 800 * DAY_MS).toISOString(),
        updated_at: new Date(now - 800 * DAY_MS).toISOString(),
      });
      campaigns.forEach((campaign, m) => {
        const id = newId();
        const sentAt = Date.parse(campaign.sent);
        const clicked = roll(i, m, 1) < 10;
        const scanner = !clicked && roll(i, m, 2) < 10;
        const submitted = clicked && roll(i, m, 3) < 33;
        const trained = clicked && roll(i, m, 4) < 50;
        const reported = roll(i, m, 5) < 20;
        const steps =
          (clicked || scanner ? stepBit('visited') : 0) |
          (clicked ? stepBit('clicked') : 0) |
          (submitted ? stepBit('submitted') : 0) |
          (trained ? stepBit('awareness_viewed') | stepBit('completed') : 0);
        recipients.push({
          id,
          tenant_id: tenantId,
          campaign_id: campaign.id,
          rid: newRid(),
          email,
          person_id: null,
          first_name: `P${i}`,
          language_code: 'en',
          department: `Department ${i % 20}`,
          steps,
          verdict: clicked ? 'human' : scanner ? 'automated' : null,
          clicked_at: clicked ? new Date(sentAt + 3_600_000).toISOString() : null,
          sent_at: campaign.sent,
          reported_at: reported ? new Date(sentAt + 7_200_000).toISOString() : null,
          person_ref: personId,
          created_at: campaign.sent,
        });
        if (submitted) {
          attempts.push({
            id: newId(),
            tenant_id: tenantId,
            campaign_id: campaign.id,
            recipient_id: id,
            kind: 'submit',
            details: '{"fields":["username"]}',
            created_at: new Date(sentAt + 3_700_000).toISOString(),
          });
        }
      });
    }
    await db.db.transaction().execute(async (trx) => {
      await trx.insertInto('people').values(persons).execute();
      for (let i = 0; i < recipients.length; i += 2000)
        await trx
          .insertInto('recipients')
          .values(recipients.slice(i, i + 2000))
          .execute();
      for (let i = 0; i < attempts.length; i += 2000)
        await trx
          .insertInto('journey_attempts')
          .values(attempts.slice(i, i + 2000))
          .execute();
    });
    rows += persons.length + recipients.length + attempts.length;
  }
  // As autovacuum does soon after such a load: fresh statistics and a visibility map.
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.db);
  else await sql`analyze`.execute(db.db);
  return { ms: performance.now() - started, rows, personIds };
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(process.argv[2] ?? 10_000);
  const { cliActor, setFallbackActor } = await import('@server/modules/audit/actor-context');
  setFallbackActor(cliActor());
  for (const database of await benchDatabases()) {
    try {
      for (const figure of await peopleBench(database, size)) console.log(formatFigure(figure));
    } finally {
      await database.drop();
    }
  }
}
