/**
 * `hookwise scim …`, `hookwise people …` and `hookwise recipients add-people`, on the real binary
 * and a database of its own: the token it mints is the one the SCIM endpoint accepts (shown once,
 * stored hashed), people provisioned through it are listed, a group becomes a campaign's
 * recipients, and revoking the token closes the door. Every change is audited as the command line.
 */
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp } from '../app';
import { openDatabase } from '../db/database';
import { auditEntries } from '../modules/audit/audit.service';
import { cliSandbox } from '../test/cli-sandbox';
import { testConfig } from '../test/harness';

const sandbox = cliSandbox('people-cli');
const hookwise = (...args: string[]) => sandbox.hookwise(...args);

/** Runs `work` with the admin listener's app on the sandbox's database, as `hookwise serve` would. */
async function withAdmin<T>(work: (admin: FastifyInstance) => Promise<T>): Promise<T> {
  const database = openDatabase(sandbox.databaseUrl);
  const admin = await buildAdminApp({ config: testConfig(), database }, { logger: { level: 'silent' } });
  try {
    return await work(admin);
  } finally {
    await admin.close();
    await database.close();
  }
}

describe('hookwise scim, people and recipients add-people', () => {
  it(
    'mints a SCIM token that provisions people, adds a group to a campaign, and revokes it',
    { timeout: 90_000 },
    async () => {
      const tenantId = (
        JSON.parse(hookwise('tenant', 'create', 'Directory', '--json')) as { tenant_id: string }
      ).tenant_id;
      const created = JSON.parse(
        hookwise('scim', 'token', 'create', tenantId, '--admin-url', 'https://admin.example', '--json'),
      ) as { token: string; prefix: string; endpoint_url: string };
      expect(created.endpoint_url).toBe('https://admin.example/scim/v2');
      expect(created.token).toMatch(/^hwscim_/);
      const shown = hookwise('scim', 'show', tenantId, '--admin-url', 'https://admin.example');
      expect(shown).toContain('Tenant URL: https://admin.example/scim/v2');
      expect(shown).toContain(created.prefix);
      expect(shown).not.toContain(created.token);

      const groupId = await withAdmin(async (admin) => {
        const scim = (method: 'POST', url: string, payload: object) =>
          admin.inject({
            method,
            url: `/scim/v2${url}`,
            headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/scim+json' },
            payload: JSON.stringify(payload),
          });
        const ids: string[] = [];
        for (const login of ['ana@corp.example', 'ben@corp.example']) {
          const res = await scim('POST', '/Users', {
            userName: login,
            preferredLanguage: 'hr-HR',
            'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Legal' },
          });
          expect(res.statusCode, res.body).toBe(201);
          ids.push(res.json<{ id: string }>().id);
        }
        const group = await scim('POST', '/Groups', { displayName: 'Pilot', members: [{ value: ids[0] }] });
        return group.json<{ id: string }>().id;
      });

      const listed = hookwise('people', 'list', tenantId);
      expect(listed).toMatch(/^ana@corp\.example .*Legal .*Pilot .*active$/m);
      expect(listed).toMatch(/^2 of 2 people$/m);
      const groups = JSON.parse(hookwise('people', 'groups', tenantId, '--json')) as {
        groups: { id: string; name: string; active_members: number }[];
      };
      expect(groups.groups).toEqual([{ id: groupId, name: 'Pilot', active_members: 1 }]);

      const file = sandbox.file(
        'campaign.json',
        JSON.stringify({
          name: 'People lure',
          language_code: 'en',
          phishing: { brand: 'Northwind' },
          awareness: { content: 'This was a simulated phishing exercise.' },
        }),
      );
      const campaignId = (
        JSON.parse(hookwise('campaign', 'import', file, '--tenant', tenantId, '--json')) as {
          id: string;
        }
      ).id;
      expect(hookwise('recipients', 'add-people', '--campaign', campaignId, '--group', groupId)).toContain(
        'Added 1 recipients; 0 were already recipients',
      );
      const report = JSON.parse(
        hookwise('recipients', 'add-people', '--campaign', campaignId, '--department', 'Legal', '--json'),
      ) as { added: number; already_recipients: number };
      expect(report).toEqual({ added: 1, already_recipients: 1 });
      const links = JSON.parse(hookwise('links', campaignId, '--json')) as {
        email: string;
        language_code: string;
      }[];
      expect(links.map((l) => [l.email, l.language_code]).sort()).toEqual([
        ['ana@corp.example', 'hr'],
        ['ben@corp.example', 'hr'],
      ]);

      expect(JSON.parse(hookwise('scim', 'token', 'revoke', tenantId, '--json'))).toEqual({
        revoked: created.prefix,
      });
      await withAdmin(async (admin) => {
        const res = await admin.inject({
          method: 'GET',
          url: '/scim/v2/Users',
          headers: { authorization: `Bearer ${created.token}` },
        });
        expect(res.statusCode).toBe(401);
      });

      const database = openDatabase(sandbox.databaseUrl);
      try {
        const log = await auditEntries(database.db, tenantId, { limit: 100, previews: true });
        const cli = `cli:${userInfo().username}`;
        const actions = log.filter((e) => e.actor === cli).map((e) => e.action);
        expect(actions).toEqual(
          expect.arrayContaining(['scim_token.create', 'scim_token.revoke', 'recipients.from_people']),
        );
        expect(log.filter((e) => e.actor_kind === 'scim').map((e) => e.action)).toEqual(
          expect.arrayContaining(['person.create', 'group.create']),
        );
      } finally {
        await database.close();
      }
    },
  );

  it('refuses a command without exactly one audience, and a revoke without a token', () => {
    const tenantId = (JSON.parse(hookwise('tenant', 'create', 'Empty', '--json')) as { tenant_id: string })
      .tenant_id;
    expect(() =>
      hookwise('recipients', 'add-people', '--campaign', 'x', '--all', '--department', 'Legal'),
    ).toThrow(/Choose one audience/);
    expect(() => hookwise('scim', 'token', 'revoke', tenantId)).toThrow(/has no SCIM token/);
    expect(hookwise('scim', '--help')).toContain('Usage: hookwise scim');
    expect(hookwise('people', 'list', '--help')).toContain('--json');
  });
});
