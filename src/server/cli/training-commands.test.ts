/**
 * `hookwise training policy|assign|list` on the real binary and a database of its own: the policy
 * shown, changed and refused when out of range, a simulation's training assigned by hand once,
 * and the list as a table and JSON.
 */
import { describe, expect, it } from 'vitest';
import type { TrainingList } from '@shared/training';
import { openDatabase } from '../db/database';
import { actingAs } from '../modules/audit/actor-context';
import { requireCampaign } from '../modules/campaigns/campaigns.service';
import { createProfile } from '../modules/sending/sending-profiles.service';
import { startSending } from '../modules/sending/sending.service';
import { cliSandbox } from '../test/cli-sandbox';
import { testConfig } from '../test/harness';

const sandbox = cliSandbox('training-cli');
const hookwise = (...args: string[]) => sandbox.hookwise(...args);

describe('hookwise training', () => {
  it('shows and changes the policy, assigns by hand once, and lists', { timeout: 90_000 }, async () => {
    const tenantId = (JSON.parse(hookwise('tenant', 'create', 'Training', '--json')) as { tenant_id: string })
      .tenant_id;
    expect(hookwise('training', 'policy', '--tenant', tenantId)).toMatch(/^Automatic training is off\.$/m);
    const changed = hookwise(
      'training',
      'policy',
      '--tenant',
      tenantId,
      '--on-click',
      'yes',
      '--reminder-days',
      '5',
    );
    expect(changed).toMatch(/^Training for people who click: yes$/m);
    expect(changed).toMatch(/^Reminder after: 5 days \(once\)$/m);
    expect(() => hookwise('training', 'policy', '--tenant', tenantId, '--reminder-days', '0')).toThrow(
      /--reminder-days: /,
    );
    expect(() => hookwise('training', 'policy', '--tenant', tenantId, '--on-submit', 'maybe')).toThrow(
      /--on-submit: yes or no, not maybe/,
    );
    expect(hookwise('training', 'list', '--tenant', tenantId)).toMatch(/^No training assigned\.$/m);

    const campaign = JSON.stringify({
      name: 'Invoice',
      language_code: 'en',
      phishing: { brand: 'Northwind' },
      email: { from: 'Billing <billing@invoice.example>', subject: 'Invoice', body: 'See {{link}}' },
      awareness: { content: 'This was a simulated phishing exercise.' },
    });
    const campaignId = (
      JSON.parse(
        hookwise('campaign', 'import', sandbox.file('c.json', campaign), '--tenant', tenantId, '--json'),
      ) as { id: string }
    ).id;
    hookwise(
      'recipients',
      'import',
      '--campaign',
      campaignId,
      sandbox.file('p.csv', 'email\njana@example.com\n'),
    );
    // Sent by Hookwise: the training's e-mails go through the simulation's sending profile.
    const database = openDatabase(sandbox.databaseUrl);
    try {
      const { db } = database;
      const config = testConfig();
      await actingAs('test', async () => {
        const profile = await createProfile(db, config, tenantId, {
          name: 'Relay',
          host: '127.0.0.1',
          port: 2525,
          tls: 'none',
          envelope_from: 'security@example.com',
          headers: {},
        });
        const live = await requireCampaign(db, tenantId, campaignId);
        await startSending(db, config, live, {
          profile_id: profile.id,
          rate_per_minute: 60,
          spread_minutes: 0,
        });
      });
    } finally {
      await database.close();
    }

    const assign = () =>
      hookwise(
        'training',
        'assign',
        '--tenant',
        tenantId,
        '--person',
        'jana@example.com',
        '--campaign',
        campaignId,
      );
    expect(assign()).toMatch(/^Assigned: jana@example\.com gets the training of Invoice;/m);
    expect(assign()).toMatch(/^Already assigned: jana@example\.com \(assigned\); nothing new sent\.$/m);
    expect(() =>
      hookwise(
        'training',
        'assign',
        '--tenant',
        tenantId,
        '--person',
        'nobody@example.com',
        '--campaign',
        campaignId,
      ),
    ).toThrow(/No person nobody@example\.com or campaign/);

    const table = hookwise('training', 'list', '--tenant', tenantId);
    expect(table).toMatch(/^PERSON\s+SIMULATION\s+REASON\s+STATUS/m);
    expect(table).toMatch(/^jana@example\.com\s+Invoice\s+manual\s+assigned/m);
    const json = JSON.parse(
      hookwise('training', 'list', '--tenant', tenantId, '--status', 'assigned', '--json'),
    ) as TrainingList;
    expect(json).toMatchObject({
      total: 1,
      items: [{ person: { email: 'jana@example.com' }, status: 'assigned' }],
    });
  });
});
