/**
 * The command line is a door like the others: every change `hookwise` makes is in the audit
 * log, under `cli:<operating-system user>`, written with the change (the real binary, on its
 * own SQLite database).
 */
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { auditEntries } from '../modules/audit/audit.service';
import { cliSandbox } from '../test/cli-sandbox';

const sandbox = cliSandbox('audit-cli');
const actor = `cli:${userInfo().username}`;
const hookwise = (args: string[]) => sandbox.hookwise(...args);

async function logOf(tenantId: string) {
  const database = openDatabase(sandbox.databaseUrl);
  try {
    return await auditEntries(database.db, tenantId, { limit: 100, previews: true });
  } finally {
    await database.close();
  }
}

describe('hookwise and the audit log', () => {
  it(
    'records every change of users, API keys and campaigns as cli:<os user>',
    { timeout: 90_000 },
    async () => {
      const tenant = JSON.parse(hookwise(['tenant', 'create', 'Acme', '--json'])) as { tenant_id: string };
      const tenantId = tenant.tenant_id;
      // The tenant's first owner: ana can then be made owner and disabled again.
      hookwise(['user', 'create', 'ben@example.com', '--tenant', tenantId, '--role', 'owner']);
      const user = JSON.parse(
        hookwise(['user', 'create', 'ana@example.com', '--tenant', tenantId, '--role', 'viewer', '--json']),
      ) as { id: string };
      hookwise(['user', 'set-role', 'ana@example.com', 'owner']);
      hookwise(['user', 'reset-password', 'ana@example.com']);
      hookwise(['user', 'disable', 'ana@example.com']);
      const key = JSON.parse(hookwise(['tenant', 'add-key', tenantId, '--json'])) as { prefix: string };
      hookwise(['tenant', 'revoke-key', key.prefix]);
      const file = sandbox.file(
        'campaign.json',
        JSON.stringify({
          name: 'CLI lure',
          language_code: 'en',
          phishing: { brand: 'Northwind' },
          awareness: { content: 'This was a simulated phishing exercise.' },
        }),
      );
      const campaign = JSON.parse(hookwise(['campaign', 'import', file, '--tenant', tenantId, '--json'])) as {
        id: string;
      };
      hookwise(['campaign', 'end', campaign.id]);

      const entries = await logOf(tenantId);
      const seen = entries.map((e) => ({
        actor: e.actor,
        kind: e.actor_kind,
        action: e.action,
        target: e.target,
      }));
      const cli = (action: string, target: string) => ({ actor, kind: 'cli', action, target });
      expect(seen).toEqual(
        expect.arrayContaining([
          cli('tenant.create', tenantId),
          cli('user.create', user.id),
          cli('user.change', user.id),
          cli('user.reset_password', user.id),
          cli('api_key.create', key.prefix),
          cli('api_key.revoke', key.prefix),
          cli('campaign.create', campaign.id),
          cli('campaign.end', campaign.id),
        ]),
      );
      // set-role and disable: two changes of the same user, two rows.
      expect(seen.filter((e) => e.action === 'user.change')).toHaveLength(2);
      expect(entries.find((e) => e.action === 'campaign.end')).toMatchObject({
        actor_name: null,
        target_name: 'CLI lure',
      });
      expect(entries.every((e) => e.actor === actor)).toBe(true);
    },
  );

  it('reads the log as a table, CSV or JSON, and sets and applies its retention', { timeout: 60_000 }, () => {
    const { tenant_id: tenantId } = JSON.parse(hookwise(['tenant', 'create', 'Retained', '--json'])) as {
      tenant_id: string;
    };
    expect(hookwise(['audit', 'retention', tenantId])).toBe('Audit entries are kept for ever.\n');
    expect(() => hookwise(['audit', 'retention', tenantId, '10'])).toThrow(/from 30 to 3650/);
    expect(JSON.parse(hookwise(['audit', 'retention', tenantId, '90', '--json']))).toEqual({ days: 90 });

    const json = JSON.parse(hookwise(['audit', 'list', tenantId, '--json'])) as {
      entries: { action: string; actor: string; details: unknown }[];
    };
    expect(json.entries[0]).toMatchObject({
      action: 'settings.audit_retention',
      actor,
      details: { days: 90 },
    });
    const csv = hookwise(['audit', 'list', tenantId, '--csv']).split('\n');
    expect(csv[0]).toMatch(/^at,actor,/);
    expect(csv.some((line) => line.includes('settings.audit_retention'))).toBe(true);
    expect(hookwise(['audit', 'list', tenantId])).toMatch(/ACTION[\s\S]*tenant\.create/);
    expect(JSON.parse(hookwise(['audit', 'prune', '--json']))).toEqual([]);
    expect(JSON.parse(hookwise(['audit', 'retention', tenantId, 'forever', '--json']))).toEqual({
      days: null,
    });
  });
});
