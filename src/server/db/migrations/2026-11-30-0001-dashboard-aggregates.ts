/**
 * The dashboard from indexes alone. Each recipient keeps what the dashboard aggregates: when its
 * click was recorded (`clicked_at`) and how long after its message was sent (`click_seconds`),
 * and the kinds of reason its verdict carries as bits (`reason_kinds`). Covering indexes then
 * answer every aggregate of a 100,000-recipient campaign without reading a table row: the
 * recipients by language, department, verdict, steps and reason kinds; scores; the first send;
 * clicks by time and by delay (the median is one offset read); reports with their send times; and each first
 * questionnaire attempt's answers (a partial index on those events only). Per-recipient columns,
 * not counter rows: concurrent journeys never wait on one another's counter.
 * Existing rows are filled in. Frozen: never edit after release.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Bit i of reason_kinds, as the kinds were listed at the time of this migration, with the
 * pattern each matches in verdict_reasons (a JSON array of strings).
 */
const REASON_PATTERNS = [
  '%"HEAD request"%',
  '%"prefetch"%',
  '%"navigator.webdriver"%',
  '%"catalogued %',
  '% after send"%',
  '%"fan-out: %',
  '%"trusted %',
  '%"visible % with focus"%',
  '% gesture reported, no evidence%',
  '%"plain GET"%',
  '%"page ran, no %',
];

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('recipients').addColumn('clicked_at', 'text').execute();
  await db.schema.alterTable('recipients').addColumn('click_seconds', 'double precision').execute();
  await db.schema
    .alterTable('recipients')
    .addColumn('reason_kinds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const kinds = sql.join(
    REASON_PATTERNS.map(
      (pattern, bit) => sql`case when verdict_reasons like ${pattern} then ${sql.lit(2 ** bit)} else 0 end`,
    ),
    sql` + `,
  );
  await sql`update recipients set reason_kinds = ${kinds} where verdict_reasons is not null`.execute(db);
  // One clicked event per recipient (unique index): the time the page first reported the click.
  await sql`update recipients set clicked_at =
      (select e.created_at from events e where e.recipient_id = recipients.id and e.type = 'clicked')
    where exists (select 1 from events e where e.recipient_id = recipients.id and e.type = 'clicked')`.execute(
    db,
  );
  // From the recipient's send, else the campaign's start, as the dashboard measured it.
  const start = sql`coalesce(recipients.sent_at,
    (select coalesce(c.starts_at, c.launched_at) from campaigns c where c.id = recipients.campaign_id))`;
  const seconds =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`extract(epoch from (cast(clicked_at as timestamptz) - cast(${start} as timestamptz)))`
      : sql`(julianday(clicked_at) - julianday(${start})) * 86400.0`;
  await sql`update recipients set click_seconds = ${seconds} where clicked_at is not null`.execute(db);

  // Serves the language filter of the recipients table as well (the old index's columns lead it).
  // No tenant_id in these: the dashboard reads a campaign already found for its tenant, and the
  // narrower entries keep the indexes small enough to stay in memory.
  await db.schema.dropIndex('recipients_campaign_language').execute();
  await db.schema
    .createIndex('recipients_campaign_groups')
    .on('recipients')
    .columns(['campaign_id', 'language_code', 'department', 'verdict', 'steps', 'reason_kinds', 'score'])
    .execute();
  await db.schema
    .createIndex('recipients_campaign_score')
    .on('recipients')
    .columns(['campaign_id', 'score'])
    .execute();
  await db.schema
    .createIndex('recipients_campaign_sent')
    .on('recipients')
    .columns(['campaign_id', 'sent_at'])
    .execute();
  // The next three are partial: only recipients who clicked (reported) are in them, so another
  // recipient's step or send changes none of them.
  // Ordered by the minute itself, so clicks per minute are counted in index order, with no sort.
  await db.schema
    .createIndex('recipients_campaign_click_minute')
    .on('recipients')
    .column('campaign_id')
    .expression(sql`substr(clicked_at, 1, 16)`)
    .columns(['clicked_at', 'steps', 'click_seconds'])
    .where(sql.ref('clicked_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('recipients_campaign_click_seconds')
    .on('recipients')
    .columns(['campaign_id', 'click_seconds', 'steps'])
    .where(sql.ref('click_seconds'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('recipients_campaign_reported')
    .on('recipients')
    .columns(['campaign_id', 'reported_at', 'sent_at'])
    .where(sql.ref('reported_at'), 'is not', null)
    .execute();
  // Nothing reads events by campaign any more but the partial index below: these two cost every
  // event's insert two more index entries and, at 1,000,000 events, 180 MB.
  await db.schema.dropIndex('events_campaign_type_time').execute();
  await db.schema.dropIndex('events_campaign_type').execute();
  // The first attempts' answers (the step's one event), grouped: identical answers count together.
  await db.schema
    .createIndex('events_questionnaire_details')
    .on('events')
    .columns(['campaign_id', 'details'])
    .where(sql.ref('type'), '=', 'questionnaire_completed')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_questionnaire_details').execute();
  await db.schema.createIndex('events_campaign_type').on('events').columns(['campaign_id', 'type']).execute();
  await db.schema
    .createIndex('events_campaign_type_time')
    .on('events')
    .columns(['campaign_id', 'type', 'created_at', 'recipient_id', 'tenant_id'])
    .execute();
  await db.schema.dropIndex('recipients_campaign_reported').execute();
  await db.schema.dropIndex('recipients_campaign_sent').execute();
  await db.schema.dropIndex('recipients_campaign_click_seconds').execute();
  await db.schema.dropIndex('recipients_campaign_click_minute').execute();
  await db.schema.dropIndex('recipients_campaign_score').execute();
  await db.schema.dropIndex('recipients_campaign_groups').execute();
  await db.schema
    .createIndex('recipients_campaign_language')
    .on('recipients')
    .columns(['campaign_id', 'language_code'])
    .execute();
  await db.schema.alterTable('recipients').dropColumn('reason_kinds').execute();
  await db.schema.alterTable('recipients').dropColumn('click_seconds').execute();
  await db.schema.alterTable('recipients').dropColumn('clicked_at').execute();
}
