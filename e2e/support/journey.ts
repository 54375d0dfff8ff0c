/**
 * Helpers for the journey browser tests: axe checks, every request body a page sends, and the
 * full text of every database table (to prove a typed value was never stored).
 */
import AxeBuilder from '@axe-core/playwright';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { DatabaseConnection } from '@server/db/database';

export async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, label).toEqual([]);
}

/** Every request the page makes, with its body (postData) when it has one. */
export function recordRequests(page: Page): { url: string; body: string }[] {
  const requests: { url: string; body: string }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), body: request.postData() ?? '' }));
  return requests;
}

/** All rows of all tables, as text. */
export async function dumpDatabase(database: DatabaseConnection): Promise<string> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
    database.db,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(database.db);
    parts.push(`${name}: ${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}

export async function eventsOf(database: DatabaseConnection, recipientId: string) {
  return database.db
    .selectFrom('events')
    .select(['type', 'details', 'ip', 'user_agent'])
    .where('recipient_id', '=', recipientId)
    .execute();
}

export async function recipientByRid(database: DatabaseConnection, rid: string) {
  return database.db.selectFrom('recipients').selectAll().where('rid', '=', rid).executeTakeFirstOrThrow();
}

/** Nothing may be wider than the viewport (360 px phones). */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, label).toBeLessThanOrEqual(0);
}
