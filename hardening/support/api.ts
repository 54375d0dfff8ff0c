/**
 * Shared helpers for the hardening suite's API tests: the JSON error shape every refusal must
 * have, and a count of every row the refused requests could have written.
 */
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseConnection } from '@server/db/database';

/** Tables a request from outside can write to. */
export const TABLES = [
  'tenants',
  'api_keys',
  'campaigns',
  'recipients',
  'events',
  'url_reviews',
  'malicious_urls',
  'malicious_url_changes',
  'reported_urls',
  'reported_url_reporters',
  'users',
  'sessions',
  'reviewer_links',
  'revoked_reviewer_links',
  'sending_profiles',
  'sendings',
  'outbox',
  'allowlist_checks',
  'allowlist_check_visits',
  'mail_reports',
  'mail_intakes',
  'sso_configs',
  'sso_domains',
  'sso_logins',
  'webhook_endpoints',
  'webhook_deliveries',
  'people',
  'person_groups',
  'person_group_members',
  'scim_tokens',
  'tenant_scenarios',
  'people_filters',
  'campaign_scenarios',
  'campaign_assets',
  'training_policies',
  'training_assignments',
  'training_messages',
  'email_templates',
  'landing_pages',
  'gophish_ids',
  'gophish_campaigns',
  'automations',
  'automation_messages',
  'automation_campaigns',
] as const;

/** Row counts per table, in one query: equal before and after means nothing was stored. */
export async function rowCounts(database: DatabaseConnection): Promise<Record<string, number>> {
  const columns = TABLES.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`);
  const result = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(database.db);
  const row = result.rows[0] ?? {};
  return Object.fromEntries(TABLES.map((table) => [table, Number(row[table] ?? 0)]));
}

export function isErrorShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && code.length > 0 && typeof message === 'string';
}

/** SCIM's error answer: `{ schemas: [Error], status: "<the HTTP status>", detail }`. */
export function isScimErrorShape(value: unknown, status: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const {
    schemas,
    status: given,
    detail,
  } = value as { schemas?: unknown; status?: unknown; detail?: unknown };
  return (
    Array.isArray(schemas) &&
    schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error') &&
    given === String(status) &&
    typeof detail === 'string'
  );
}

/** GoPhish's paths on the admin listener (modules/gophish-api), which answer in GoPhish's shape. */
export const GOPHISH_PATH =
  /^\/api\/(campaigns|groups|templates|pages|smtp|users|import|util|webhooks|imap|reset)(\/|\?|$)/;

/** GoPhish's error answer, which its clients read: `{ message, success: false, data: null }`. */
export function isGophishErrorShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { message, success, data } = value as { message?: unknown; success?: unknown; data?: unknown };
  return typeof message === 'string' && message.length > 0 && success === false && data === null;
}

/** A refusal as callers see it: JSON content type and `{ error: { code, message } }`. */
export function expectErrorShape(res: LightMyRequestResponse, label: string): void {
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = res.body;
  }
  expect(isErrorShape(parsed), `${label}: ${res.body.slice(0, 200)}`).toBe(true);
}
