/**
 * `hookwise scenarios list|show|use` on the real binary, with a small scenario library of its
 * own: the library listed in a language (English where a scenario lacks it) and filtered, one
 * scenario shown, and a draft campaign started from one, audited as the command line.
 */
import path from 'node:path';
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { auditEntries } from '../modules/audit/audit.service';
import { cliSandbox } from '../test/cli-sandbox';

const FIXTURES = path.join(import.meta.dirname, '../modules/scenarios/fixtures');
const sandbox = cliSandbox('scenarios-cli', { SCENARIO_LIBRARY_ROOT: FIXTURES });
const hookwise = (...args: string[]) => sandbox.hookwise(...args);

describe('hookwise scenarios', () => {
  it('lists, shows and starts a draft campaign from a scenario', { timeout: 90_000 }, async () => {
    const list = hookwise('scenarios', 'list', '--language', 'de');
    expect(list).toMatch(/ID\s+TITLE\s+LURE\s+DIFFICULTY/);
    expect(list).toContain('Geteiltes Gehaltsdokument');
    expect(list).toContain('shared document');
    expect(list).toContain('2 of 5');
    expect(list).toContain(
      'Scenarios listed: 2. Start one: hookwise scenarios use <id> --tenant <tenant id>',
    );
    // No Arabic texts for the gift cards: English instead.
    expect(hookwise('scenarios', 'list', '--language', 'ar')).toContain("The manager's gift cards");
    const json = JSON.parse(hookwise('scenarios', 'list', '--difficulty', '4', '--json')) as {
      scenarios: { id: string; reply_based: boolean }[];
    };
    expect(json.scenarios).toEqual([expect.objectContaining({ id: 'gift-card-request', reply_based: true })]);
    expect(() => hookwise('scenarios', 'list', '--difficulty', '7')).toThrow(/--difficulty is not valid/);

    const shown = hookwise('scenarios', 'show', 'shared-document', '--language', 'ar');
    expect(shown).toContain('مستند رواتب مشترك (shared-document)');
    expect(shown).toContain('Difficulty: 2 of 5');
    expect(shown).toContain('Languages: ar, de, en');
    expect(shown).not.toContain('{{link}}');
    const whole = JSON.parse(hookwise('scenarios', 'show', 'shared-document', '--json')) as {
      campaign: { translations: Record<string, unknown> };
    };
    expect(Object.keys(whole.campaign.translations).sort()).toEqual(['ar', 'de']);
    expect(() => hookwise('scenarios', 'show', 'no-such-scenario')).toThrow(
      /Unknown scenario no-such-scenario/,
    );

    const tenantId = (
      JSON.parse(hookwise('tenant', 'create', 'Scenario Co', '--json')) as { tenant_id: string }
    ).tenant_id;
    const used = hookwise(
      'scenarios',
      'use',
      'shared-document',
      '--tenant',
      tenantId,
      '--name',
      'Payroll, spring',
    );
    const id = /: (\S+)\n/.exec(used)?.[1] ?? '';
    expect(used).toContain('Started the draft campaign "Payroll, spring"');
    expect(used).toContain(`hookwise recipients import people.csv --campaign ${id}`);
    const campaigns = JSON.parse(hookwise('campaign', 'list', '--tenant', tenantId, '--json')) as {
      id: string;
      name: string;
      status: string;
    }[];
    expect(campaigns).toEqual([expect.objectContaining({ id, name: 'Payroll, spring', status: 'draft' })]);

    const database = openDatabase(sandbox.databaseUrl);
    try {
      const entries = await auditEntries(database.db, tenantId, { limit: 50, previews: true });
      expect(entries.find((e) => e.action === 'campaign.from_scenario')).toMatchObject({
        actor: `cli:${userInfo().username}`,
        target_name: 'Payroll, spring',
      });
    } finally {
      await database.close();
    }
  });
});
