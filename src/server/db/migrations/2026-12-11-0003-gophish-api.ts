/**
 * The GoPhish-compatible API: the tenant's e-mail templates and landing pages as reusable library
 * objects (named, unique per tenant), and the integer ids GoPhish's scripts address every object
 * by (`gophish_ids`: per tenant and kind, given the first time the API shows an object, never
 * reused), and what a campaign made through that API was made from (`gophish_campaigns`: the
 * names its script gave, shown back in GoPhish's campaign object). Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('envelope_sender', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('email_templates_name', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('landing_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('landing_pages_name', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('gophish_ids')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // campaign, group, template, page, smtp, user
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('gid', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gophish_ids_pk', ['tenant_id', 'kind', 'gid'])
    .addUniqueConstraint('gophish_ids_target', ['tenant_id', 'kind', 'target_id'])
    .execute();
  await db.schema
    .createTable('gophish_campaigns')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey().references('campaigns.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('page_name', 'text', (c) => c.notNull())
    .addColumn('smtp_name', 'text', (c) => c.notNull())
    // JSON array of the groups' names.
    .addColumn('group_names', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('send_by_date', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('gophish_campaigns').execute();
  await db.schema.dropTable('gophish_ids').execute();
  await db.schema.dropTable('landing_pages').execute();
  await db.schema.dropTable('email_templates').execute();
}
