/**
 * Single sign-on with OpenID Connect: each tenant's provider (issuer, client, sealed secret, the
 * claim and values that map to each role, "SSO required"), the e-mail domains that sign in
 * through it (a domain belongs to one tenant: it is how sign-in finds the tenant), and the
 * sign-ins under way (state, nonce, PKCE verifier), kept in the database so any instance can
 * finish what another started, and consumed once.
 * Frozen: never edit after release.
 */
import type { Kysely } from 'kysely';

// Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sso_configs')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    // Sealed with SECRETS_KEY (lib/secret-box), like SMTP passwords.
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    .addColumn('role_claim', 'text', (c) => c.notNull())
    // JSON arrays of claim values.
    .addColumn('owner_values', 'text', (c) => c.notNull())
    .addColumn('operator_values', 'text', (c) => c.notNull())
    .addColumn('viewer_values', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sso_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .execute();
  await db.schema.createIndex('sso_domains_tenant').on('sso_domains').column('tenant_id').execute();
  await db.schema
    .createTable('sso_logins')
    // SHA-256 (hex) of the state sent to the provider.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set when the callback takes it: a second callback with the same state is a replay.
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('sso_logins').execute();
  await db.schema.dropTable('sso_domains').execute();
  await db.schema.dropTable('sso_configs').execute();
}
