/**
 * The programme report counts each send under its person's department, else the recipient's.
 * Looking the person up for each of a tenant's hundreds of thousands of sends cost more than the
 * rest of the report, so each recipient keeps that department itself, `programme_department`:
 * written with the recipient (the application looks its person up), and kept by the database's
 * triggers after that — rewritten when a recipient's person or department changes, and for all a
 * person's sends when their department changes, so that no path that updates people or
 * recipients can leave it stale. On PostgreSQL a trigger sets it on insert as well, where a
 * directory's change committed between the application's look-up and its insert would otherwise
 * be missed (SQLite has one writer at a time; a trigger there would add half again to the time
 * of adding a campaign's recipients). The month index then carries it, and one walk of the index
 * in its order gives the report's months, campaigns and departments together. An index of people by
 * department with their ids lets the people counted per department be found without reading the
 * people rows. Existing rows are filled in. Frozen: never edit after release.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const ofPerson = (recipient: string) =>
  sql.raw(
    `coalesce((select p.department from people p where p.id = ${recipient}.person_ref), ${recipient}.department)`,
  );

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('recipients').addColumn('programme_department', 'text').execute();
  await sql`update recipients set programme_department = ${ofPerson('recipients')}
    where person_ref is not null or department is not null`.execute(db);

  if (postgres) {
    await sql`create function recipients_programme_department() returns trigger language plpgsql as $$
      begin
        new.programme_department := ${ofPerson('new')};
        return new;
      end $$`.execute(db);
    await sql`create trigger recipients_programme_department
      before insert or update of person_ref, department on recipients
      for each row execute function recipients_programme_department()`.execute(db);
    await sql`create function people_programme_department() returns trigger language plpgsql as $$
      begin
        update recipients set programme_department = coalesce(new.department, department)
          where tenant_id = new.tenant_id and person_ref = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger people_programme_department
      after update of department on people
      for each row when (old.department is distinct from new.department)
      execute function people_programme_department()`.execute(db);
  } else {
    // SQLite's triggers cannot change the row being written: they update it just after.
    await sql`create trigger recipients_programme_department_update
      after update of person_ref, department on recipients
      begin
        update recipients set programme_department = ${ofPerson('new')} where rowid = new.rowid;
      end`.execute(db);
    await sql`create trigger people_programme_department after update of department on people
      when old.department is not new.department
      begin
        update recipients set programme_department = coalesce(new.department, department)
          where tenant_id = new.tenant_id and person_ref = new.id;
      end`.execute(db);
  }

  await sql`create index recipients_tenant_programme on recipients
    (tenant_id, (substr(sent_at, 1, 7)), campaign_id, programme_department, sent_at, steps, reported_at)
    where sent_at is not null`.execute(db);
  await db.schema.dropIndex('recipients_tenant_month').execute();
  // Replaces (tenant_id, department): the same order, and the ids without the rows.
  await db.schema
    .createIndex('people_department_id')
    .on('people')
    .columns(['tenant_id', 'department', 'id'])
    .execute();
  await db.schema.dropIndex('people_department').execute();
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createIndex('people_department')
    .on('people')
    .columns(['tenant_id', 'department'])
    .execute();
  await db.schema.dropIndex('people_department_id').execute();
  await sql`create index recipients_tenant_month on recipients
    (tenant_id, (substr(sent_at, 1, 7)), campaign_id, sent_at, steps, reported_at) where sent_at is not null`.execute(
    db,
  );
  await db.schema.dropIndex('recipients_tenant_programme').execute();
  if (postgres) {
    await sql`drop trigger people_programme_department on people`.execute(db);
    await sql`drop function people_programme_department()`.execute(db);
    await sql`drop trigger recipients_programme_department on recipients`.execute(db);
    await sql`drop function recipients_programme_department()`.execute(db);
  } else {
    await sql`drop trigger people_programme_department`.execute(db);
    await sql`drop trigger recipients_programme_department_update`.execute(db);
  }
  await db.schema.alterTable('recipients').dropColumn('programme_department').execute();
}
