/**
 * `hookwise automation …` on the real binary and a database of its own: an automation created,
 * listed, shown, its next months' plan printed, paused and resumed; wrong input and another
 * tenant's automation answered in plain words.
 */
import { describe, expect, it } from 'vitest';
import type { Automation, AutomationPlan } from '@shared/automations';
import { openDatabase } from '../db/database';
import { actingAs } from '../modules/audit/actor-context';
import { createProfile } from '../modules/sending/sending-profiles.service';
import { cliSandbox } from '../test/cli-sandbox';
import { testConfig } from '../test/harness';

const sandbox = cliSandbox('automation-cli');
const hookwise = (...args: string[]) => sandbox.hookwise(...args);
const campaignJson = JSON.stringify({
  name: 'People',
  language_code: 'en',
  phishing: { brand: 'Northwind' },
  awareness: { content: 'This was a simulated phishing exercise.' },
});

const tenantNamed = (name: string) =>
  (JSON.parse(hookwise('tenant', 'create', name, '--json')) as { tenant_id: string }).tenant_id;

async function profileOf(tenantId: string) {
  const database = openDatabase(sandbox.databaseUrl);
  try {
    const input = {
      name: 'Relay',
      host: '127.0.0.1',
      port: 2525,
      tls: 'none' as const,
      envelope_from: 'b@n.example',
      headers: {},
    };
    return (await actingAs('test', () => createProfile(database.db, testConfig(), tenantId, input))).id;
  } finally {
    await database.close();
  }
}

describe('hookwise automation', () => {
  it('creates, lists, shows, plans, pauses and resumes an automation', { timeout: 120_000 }, async () => {
    const tenantId = tenantNamed('Automations');
    const campaign = (
      JSON.parse(
        hookwise('campaign', 'import', sandbox.file('c.json', campaignJson), '--tenant', tenantId, '--json'),
      ) as { id: string }
    ).id;
    hookwise(
      'recipients',
      'import',
      '--campaign',
      campaign,
      sandbox.file(
        'people.csv',
        'email,department\nann@example.com,Finance\nbob@example.com,Finance\ncy@example.com,Sales\n',
      ),
    );
    const profile = await profileOf(tenantId);

    const made = JSON.parse(
      hookwise(
        'automation',
        'create',
        '--tenant',
        tenantId,
        '--name',
        'Monthly',
        '--profile',
        profile,
        '--hours',
        '08:30-16:30',
        '--time-zone',
        'Europe/Berlin',
        '--json',
      ),
    ) as Automation;
    expect(made).toMatchObject({
      name: 'Monthly',
      state: 'active',
      starting_level: 2,
      audience: { kind: 'all' },
      working_hours: { start: '08:30', end: '16:30' },
      time_zone: 'Europe/Berlin',
    });

    expect(hookwise('automation', 'list', '--tenant', tenantId)).toMatch(
      new RegExp(`^${made.id}\\s+Monthly\\s+active\\s+every active person\\s+08:30-16:30\\s+2$`, 'm'),
    );
    expect(hookwise('automation', 'show', made.id, '--tenant', tenantId)).toContain(
      "Working hours: 08:30–16:30, Monday to Friday, in each person's time zone (else Europe/Berlin)",
    );

    const plan = JSON.parse(
      hookwise('automation', 'plan', made.id, '--tenant', tenantId, '--month', '2030-03', '--json'),
    ) as AutomationPlan;
    expect(plan).toMatchObject({ month: '2030-03', provisional: true });
    expect(plan.items.map((i) => [i.person.email, i.level, i.reason]).sort()).toEqual([
      ['ann@example.com', 2, 'starting_level'],
      ['bob@example.com', 2, 'starting_level'],
      ['cy@example.com', 2, 'starting_level'],
    ]);
    const table = hookwise('automation', 'plan', made.id, '--tenant', tenantId, '--month', '2030-03');
    expect(table).toContain('Plan for 2030-03 (provisional: not planned yet, levels may still change)');
    expect(table).toContain('The rule: Each person starts at the automation');
    expect(table).toMatch(/^ann@example\.com\s+Finance\s+2030-03-\d\d \d\d:\d\d\s+Europe\/Berlin\s+2\s+/m);
    expect(table).toContain('Messages: 3 of 3 people.');

    expect(hookwise('automation', 'pause', made.id, '--tenant', tenantId)).toBe('Monthly is paused.\n');
    expect(() => hookwise('automation', 'pause', made.id, '--tenant', tenantId)).toThrow(
      /The automation is already paused/,
    );
    expect(hookwise('automation', 'resume', made.id, '--tenant', tenantId)).toBe('Monthly is active.\n');

    const other = tenantNamed('Other');
    expect(() => hookwise('automation', 'show', made.id, '--tenant', other)).toThrow(
      new RegExp(`Unknown automation ${made.id}`),
    );
    expect(() =>
      hookwise(
        'automation',
        'create',
        '--tenant',
        tenantId,
        '--name',
        'X',
        '--profile',
        profile,
        '--hours',
        '17:00-09:00',
      ),
    ).toThrow(/working hours must end after they start/);
    expect(() =>
      hookwise('automation', 'create', '--tenant', other, '--name', 'X', '--profile', profile),
    ).toThrow(/Unknown sending profile, group or smart group/);
    expect(() => hookwise('automation', 'plan', made.id, '--tenant', tenantId, '--month', '2030-13')).toThrow(
      /--month: a month as YYYY-MM/,
    );
  });
});
