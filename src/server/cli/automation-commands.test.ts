/**
 * `hookwise automation …` on the real binary and a database of its own: an automation created,
 * listed, shown, its next months' plan printed, paused, resumed and deleted; wrong input and another
 * tenant's automation answered in plain words.
 */
import { describe, expect, it } from 'vitest';
import {
  ADAPTIVE_RULE,
  reasonWords,
  type Automation,
  type AutomationPlan,
  type PlanItem,
} from '@shared/automations';
import { openDatabase } from '../db/database';
import { actingAs } from '../modules/audit/actor-context';
import { planText } from './automation-commands';
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
  it('creates, lists, shows, plans, pauses, resumes, deletes one', { timeout: 120_000 }, async () => {
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

    // Deleted: gone from the list, and another tenant cannot delete it.
    expect(() => hookwise('automation', 'delete', made.id, '--tenant', other)).toThrow(
      new RegExp(`Unknown automation ${made.id}`),
    );
    expect(hookwise('automation', 'delete', made.id, '--tenant', tenantId)).toBe(
      'Deleted Monthly; the campaigns it sent stay.\n',
    );
    expect(JSON.parse(hookwise('automation', 'list', '--tenant', tenantId, '--json'))).toEqual({
      automations: [],
    });
    expect(() => hookwise('automation', 'delete', made.id, '--tenant', tenantId, '--json')).toThrow(
      new RegExp(`Unknown automation ${made.id}`),
    );
  });

  it('says in the plan whether the training policy sends the training a person needs', () => {
    const item = (email: string, training: PlanItem['training']): PlanItem => ({
      person: { id: email, email, name: null, department: 'Sales' },
      time_zone: 'UTC',
      language_code: 'en',
      level: 1,
      previous_level: 2,
      reason: 'clicked_last',
      needs_training: training !== null,
      training,
      scenario: { id: 's', title: 'Parcel', difficulty: 1, lure: 'parcel' },
      planned_at: '2030-03-04T10:00:00.000Z',
      local_time: '2030-03-04 10:00',
      state: 'planned',
      skip_reason: null,
      campaign_id: null,
      why: reasonWords({ reason: 'clicked_last', level: 1, previous_level: 2, training }),
    });
    const text = planText({
      automation_id: 'a',
      month: '2030-03',
      provisional: false,
      rule: ADAPTIVE_RULE,
      items: [item('on@example.com', 'by_policy'), item('off@example.com', 'policy_off')],
    });
    expect(text).toMatch(
      /^on@example\.com\s.*\ssent by the policy\s+Clicked the last simulation.*: the training policy sends it\.$/m,
    );
    expect(text).toMatch(
      /^off@example\.com\s.*\sassign it by hand\s+Clicked.*the training policy does not send it \(the policy is off, or the click came before it was turned on\), so assign it by hand\.$/m,
    );
  });
});
