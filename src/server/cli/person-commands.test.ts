/**
 * `hookwise people history|risky|lists|filters` on the real binary and a database of its own,
 * seeded with a history as real use makes one (person-history-fixtures.ts), sent 90, 180, 270 and
 * 450 days before now: the figures below are worked out by hand from it (docs/people-risk.md).
 */
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAdminApp, buildApp } from '../app';
import { openDatabase } from '../db/database';
import { auditEntries } from '../modules/audit/audit.service';
import { cliSandbox } from '../test/cli-sandbox';
import { testConfig } from '../test/harness';
import { seedHistory, type SeededHistory } from '../test/person-history-fixtures';

const sandbox = cliSandbox('person-cli');
const hookwise = (...args: string[]) => sandbox.hookwise(...args);

describe('hookwise people history, risky, lists and filters', () => {
  let seeded: SeededHistory;
  let tenantId = '';
  beforeAll(async () => {
    hookwise('migrate');
    const database = openDatabase(sandbox.databaseUrl);
    const ctx = { config: testConfig(), database };
    const app = await buildApp(ctx, { logger: { level: 'silent' } });
    const admin = await buildAdminApp(ctx, { logger: { level: 'silent' } });
    try {
      seeded = await seedHistory({ app, admin, database }, 'People CLI', new Date());
      tenantId = seeded.tenant.tenantId;
    } finally {
      vi.useRealTimers();
      await app.close();
      await admin.close();
      await database.close();
    }
  }, 60_000);
  afterAll(() => vi.useRealTimers());

  it('shows a person’s simulations and risk, by email or id', () => {
    const ana = hookwise('people', 'history', tenantId, 'ANA@example.com');
    // 20 + (30 + 20) × 0.5 - 25 × 0.25 + (30 - 10) × 0.125 = 41.25.
    expect(ana).toMatch(/^Ana <ana@example\.com>$/m);
    expect(ana).toMatch(/^Risk: 41 of 100 \(medium\), from 20 and 3 simulations in the last 12 months$/m);
    expect(ana).toMatch(/^\S+ +Parcel +de +yes +yes +no +no/m);
    expect(ana).toMatch(/^\S+ +Payroll +de +no +no +yes +no/m);
    expect(ana).toMatch(/^\S+ +Invoice +de +yes +no +no +yes/m);
    expect(ana).toMatch(/^4 simulations$/m);
    const ben = JSON.parse(hookwise('people', 'history', tenantId, seeded.people.ben, '--json')) as {
      risk: { score: number; band: string };
      simulations: { campaign_name: string; clicked: boolean }[];
    };
    // The scanner's visit to Parcel is no click: 20 - 25 × 0.5 + 30 × 0.25 = 15.
    expect(ben.risk).toMatchObject({ score: 15, band: 'low' });
    expect(ben.simulations.map((s) => [s.campaign_name, s.clicked])).toEqual([
      ['Parcel', false],
      ['Payroll', true],
    ]);
    expect(() => hookwise('people', 'history', tenantId, 'nobody@example.com')).toThrow(/No person/);
  });

  it('lists the people of a risk band and the three lists', () => {
    expect(hookwise('people', 'risky', tenantId)).toMatch(/^0 of 0 people at high risk$/m);
    const medium = hookwise('people', 'risky', tenantId, '--band', 'medium');
    expect(medium).toMatch(/^ana@example\.com +Ana +- +41 +medium$/m);
    const offenders = hookwise('people', 'lists', 'repeat-offenders', tenantId);
    expect(offenders).toMatch(/^ana@example\.com +Ana +3 +2 +1 +1 /m);
    expect(offenders).toMatch(/^1 of 1 people, last 12 months$/m);
    expect(hookwise('people', 'lists', 'repeat-offenders', tenantId, '--clicks', '1')).toMatch(
      /^2 of 2 people/m,
    );
    expect(hookwise('people', 'lists', 'never-reported', tenantId)).toMatch(
      /^cy@example\.com +Cy +1 +0 +0 +0/m,
    );
    const top = JSON.parse(hookwise('people', 'lists', 'top-reporters', tenantId, '--json')) as {
      items: { person: { email: string }; reports: number }[];
    };
    expect(top.items.map((i) => [i.person.email, i.reports])).toEqual([
      ['ana@example.com', 1],
      ['ben@example.com', 1],
    ]);
    expect(() => hookwise('people', 'lists', 'everyone', tenantId)).toThrow(/one of repeat-offenders/);
  });

  it('saves, lists and removes a filter, and adds its people to a campaign; each change audited', async () => {
    const saved = JSON.parse(
      hookwise(
        'people',
        'filters',
        'add',
        tenantId,
        'Clicked lately',
        '--clicked-within-days',
        '30',
        '--json',
      ),
    ) as { id: string };
    expect(hookwise('people', 'filters', 'add', tenantId, 'Quiet', '--never-reported')).toMatch(
      /^Saved filter \S+ \(Quiet\): never reported$/m,
    );
    const listed = hookwise('people', 'filters', 'list', tenantId);
    expect(listed).toMatch(/Clicked lately +clicked in the last 30 days/);
    const file = sandbox.file(
      'campaign.json',
      JSON.stringify({ name: 'Follow-up', phishing: {}, awareness: { content: 'A lesson.' } }),
    );
    const campaignId = (
      JSON.parse(hookwise('campaign', 'import', file, '--tenant', tenantId, '--json')) as { id: string }
    ).id;
    // Ana and Ben clicked in the last hour; Cy did not.
    expect(hookwise('recipients', 'add-people', '--campaign', campaignId, '--filter', saved.id)).toContain(
      'Added 2 recipients; 0 were already recipients',
    );
    expect(hookwise('people', 'filters', 'remove', tenantId, 'Quiet')).toMatch(
      /^Removed saved filter Quiet$/m,
    );
    expect(hookwise('people', 'filters', 'list', tenantId)).not.toContain('Quiet');

    const database = openDatabase(sandbox.databaseUrl);
    try {
      const log = await auditEntries(database.db, tenantId, { limit: 100, previews: true });
      const cli = `cli:${userInfo().username}`;
      expect(log.filter((e) => e.actor === cli).map((e) => e.action)).toEqual(
        expect.arrayContaining(['people_filter.create', 'people_filter.delete', 'recipients.from_people']),
      );
    } finally {
      await database.close();
    }
  });

  it('sets a person’s time zone, department and language, audited; a bad zone names its option', async () => {
    const out = hookwise(
      'people',
      'set',
      tenantId,
      'ANA@example.com',
      '--time-zone',
      'america/new_york',
      '--department',
      'Audit',
    );
    expect(out).toMatch(/^Ana <ana@example\.com>$/m);
    expect(out).toMatch(/^ {2}time zone: America\/New_York$/m);
    expect(out).toMatch(/^ {2}department: Audit$/m);
    const json = JSON.parse(
      hookwise('people', 'set', tenantId, 'ana@example.com', '--department', 'none', '--json'),
    ) as {
      time_zone: string;
      department: string | null;
    };
    expect(json).toMatchObject({ time_zone: 'America/New_York', department: null });
    expect(() => hookwise('people', 'set', tenantId, 'ana@example.com', '--time-zone', 'Nowhere')).toThrow(
      /hookwise: --time-zone: an IANA time zone, e\.g\. Europe\/Berlin\n/,
    );
    expect(() => hookwise('people', 'set', tenantId, 'ana@example.com')).toThrow(
      /give at least one of time_zone, department or language_code/,
    );
    expect(() => hookwise('people', 'set', tenantId, 'nobody@example.com', '--time-zone', 'UTC')).toThrow(
      /No person nobody@example\.com/,
    );
    const database = openDatabase(sandbox.databaseUrl);
    try {
      const log = await auditEntries(database.db, tenantId, { limit: 100, previews: true });
      expect(log.filter((e) => e.action === 'person.update').map((e) => e.details)).toEqual(
        expect.arrayContaining([
          { time_zone: 'America/New_York', department: 'Audit' },
          { department: null },
        ]),
      );
    } finally {
      await database.close();
    }
  });
});
