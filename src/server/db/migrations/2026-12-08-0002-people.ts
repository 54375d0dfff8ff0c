/**
 * People: one record per person per tenant, across campaigns (filled by CSV import, the console
 * and SCIM provisioning), the directory's groups and their members, the tenant's SCIM bearer
 * tokens (SHA-256 hashes only), and each recipient's link to its person (`person_ref`; the
 * recipient's own `person_id` stays what it always was: the identifier an operator's file gave).
 *
 * Every existing recipient is linked to a person: by email (case-insensitive), else by
 * person_id, else a new person is made from it; the newest recipient's name, language and
 * department win. Written in plain queries so that it runs the same on SQLite and PostgreSQL.
 * Frozen: never edit after release.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // Lower-cased; unique per tenant when present.
    .addColumn('email', 'text')
    // The identifier an operator's file or HR system gives (the recipients CSV's person_id).
    .addColumn('person_id', 'text')
    // SCIM userName as the directory sent it, and lower-cased for lookups (case-insensitive).
    .addColumn('user_name', 'text')
    .addColumn('user_name_key', 'text')
    .addColumn('external_id', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('display_name', 'text')
    .addColumn('language_code', 'text')
    // As the directory sent them (e.g. en-US): language_code is what Hookwise reads.
    .addColumn('preferred_language', 'text')
    .addColumn('locale', 'text')
    .addColumn('department', 'text')
    // The enterprise extension's manager: the directory's id for them, and their name.
    .addColumn('manager_id', 'text')
    .addColumn('manager_name', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deactivated_at', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('people_email')
    .on('people')
    .columns(['tenant_id', 'email'])
    .unique()
    .where('email', 'is not', null)
    .execute();
  await db.schema
    .createIndex('people_person_id')
    .on('people')
    .columns(['tenant_id', 'person_id'])
    .unique()
    .where('person_id', 'is not', null)
    .execute();
  await db.schema
    .createIndex('people_user_name')
    .on('people')
    .columns(['tenant_id', 'user_name_key'])
    .unique()
    .where('user_name_key', 'is not', null)
    .execute();
  await db.schema
    .createIndex('people_department')
    .on('people')
    .columns(['tenant_id', 'department'])
    .execute();

  await db.schema
    .createTable('person_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('person_groups_name')
    .on('person_groups')
    .columns(['tenant_id', 'display_name'])
    .execute();
  await db.schema
    .createTable('person_group_members')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('person_groups.id'))
    .addColumn('person_ref', 'text', (c) => c.notNull().references('people.id'))
    .addPrimaryKeyConstraint('person_group_members_pk', ['group_id', 'person_ref'])
    .execute();
  await db.schema
    .createIndex('person_group_members_person')
    .on('person_group_members')
    .column('person_ref')
    .execute();

  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    // SHA-256 (hex): the token is 256 random bits, so no slow hash.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('scim_tokens_tenant').on('scim_tokens').column('tenant_id').execute();

  await db.schema.alterTable('recipients').addColumn('person_ref', 'text').execute();
  await db.schema.createIndex('recipients_person_ref').on('recipients').column('person_ref').execute();
  await linkExistingRecipients(db);
}

interface RecipientRow {
  id: string;
  tenant_id: string;
  email: string | null;
  person_id: string | null;
  first_name: string | null;
  last_name: string | null;
  language_code: string | null;
  department: string | null;
  created_at: string;
}

interface PersonRow {
  id: string;
  tenant_id: string;
  email: string | null;
  person_id: string | null;
  first_name: string | null;
  last_name: string | null;
  language_code: string | null;
  department: string | null;
  created_at: string;
  recipients: string[];
}

/** One person per email, else per person_id, in each tenant; newest recipients first. */
async function linkExistingRecipients(db: Db): Promise<void> {
  const rows = (await db
    .selectFrom('recipients')
    .select([
      'id',
      'tenant_id',
      'email',
      'person_id',
      'first_name',
      'last_name',
      'language_code',
      'department',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()) as RecipientRow[];
  const byEmail = new Map<string, PersonRow>();
  const byPersonId = new Map<string, PersonRow>();
  const people: PersonRow[] = [];
  for (const row of rows) {
    const email = row.email ? row.email.toLowerCase() : null;
    const emailKey = email ? `${row.tenant_id}\n${email}` : null;
    const idKey = row.person_id ? `${row.tenant_id}\n${row.person_id}` : null;
    let person = (emailKey && byEmail.get(emailKey)) || (idKey && byPersonId.get(idKey)) || undefined;
    if (!person) {
      if (!emailKey && !idKey) continue;
      person = { ...row, id: randomUUID(), email: null, person_id: null, recipients: [] };
      people.push(person);
    }
    // Fill what the newer rows left empty; an email or person_id another person has stays theirs.
    if (emailKey && !person.email && !byEmail.has(emailKey)) {
      person.email = email;
      byEmail.set(emailKey, person);
    }
    if (idKey && !person.person_id && !byPersonId.has(idKey)) {
      person.person_id = row.person_id;
      byPersonId.set(idKey, person);
    }
    person.first_name ??= row.first_name;
    person.last_name ??= row.last_name;
    person.language_code ??= row.language_code;
    person.department ??= row.department;
    if (row.created_at < person.created_at) person.created_at = row.created_at;
    person.recipients.push(row.id);
  }
  const now = new Date().toISOString();
  for (let i = 0; i < people.length; i += 100) {
    await db
      .insertInto('people')
      .values(
        people.slice(i, i + 100).map(({ recipients: _linked, ...person }) => ({
          ...person,
          active: 1,
          source: 'recipients',
          updated_at: now,
        })),
      )
      .execute();
  }
  for (const person of people) {
    for (let i = 0; i < person.recipients.length; i += 500) {
      await db
        .updateTable('recipients')
        .set({ person_ref: person.id })
        .where('id', 'in', person.recipients.slice(i, i + 500))
        .execute();
    }
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('recipients_person_ref').execute();
  await db.schema.alterTable('recipients').dropColumn('person_ref').execute();
  await db.schema.dropTable('scim_tokens').execute();
  await db.schema.dropTable('person_group_members').execute();
  await db.schema.dropTable('person_groups').execute();
  await db.schema.dropTable('people').execute();
}
