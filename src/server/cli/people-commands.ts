/**
 * `hookwise people …` (a tenant's people and the groups and departments they are in) and
 * `hookwise scim …` (the tenant's SCIM token: minted, shown once, revoked). The same services as
 * the REST API; `hookwise recipients add-people` is with the recipients' commands, and a
 * person's history, risk, the lists and saved filters are in person-commands.ts.
 */
import type { Command } from 'commander';
import {
  PERSON_STATES,
  type CreatedScimToken,
  type PersonState,
  type RevokedScimToken,
  type ScimSettings,
} from '@shared/people';
import type { Config } from '../config';
import { peopleFacets, peoplePage } from '../modules/people/people.service';
import { mintScimToken, revokeScimToken, scimSettings } from '../modules/scim/scim.service';
import { requireTenant } from '../modules/tenants/tenants.service';
import { withDatabase } from './cli-context';
import { addPersonCommands } from './person-commands';
import { formatTable, output } from './output';

const tokenNotice = 'Keep the SCIM token now: it is shown once and only its hash is stored.';

/** The admin listener's URL as this machine sees it, unless the operator gives the public one. */
const adminUrlOf = (config: Config, given: string | undefined) =>
  given ??
  `http://${config.adminHost.includes(':') ? `[${config.adminHost}]` : config.adminHost}:${config.adminPort}`;

function stateOf(value: string | undefined): PersonState {
  if (value === undefined) return 'all';
  if (!(PERSON_STATES as readonly string[]).includes(value)) {
    throw new Error(`--state must be one of ${PERSON_STATES.join(', ')}`);
  }
  return value as PersonState;
}

export function addPeopleCommands(program: Command): void {
  const people = program.command('people').description("a tenant's people, across campaigns");
  addPersonCommands(people);

  people
    .command('list <tenantId>')
    .description('list people: email, name, department, groups, active or deactivated')
    .option('--search <text>', 'only people whose email, name, person id or department contains it')
    .option('--group <id>', 'only members of this group (see people groups)')
    .option('--department <name>', 'only people of this department')
    .option('--state <state>', `${PERSON_STATES.join(', ')} (default all)`)
    .option('--limit <n>', 'at most this many (default 500)', '500')
    .option('--json', 'print JSON')
    .action(
      (
        tenantId: string,
        options: {
          search?: string;
          group?: string;
          department?: string;
          state?: string;
          limit: string;
          json?: boolean;
        },
      ) =>
        withDatabase(async (_config, { db }) => {
          await requireTenant(db, tenantId);
          const limit = Number(options.limit);
          if (!Number.isInteger(limit) || limit < 1 || limit > 500)
            throw new Error('--limit must be 1 to 500');
          const page = await peoplePage(db, tenantId, {
            q: options.search,
            group: options.group,
            department: options.department,
            state: stateOf(options.state),
            offset: 0,
            limit,
          });
          output(options, page, () => {
            const rows = page.items.map((p) => ({
              email: p.email,
              person_id: p.person_id,
              name: [p.first_name, p.last_name].filter(Boolean).join(' ') || p.display_name,
              department: p.department,
              groups: p.groups.join(', '),
              state: p.active ? 'active' : 'deactivated',
            }));
            return `${formatTable(rows)}\n${page.items.length} of ${page.total} people`;
          });
        }),
    );

  people
    .command('groups <tenantId>')
    .description('the groups and departments of active people (audiences), with their counts')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await requireTenant(db, tenantId);
        const facets = await peopleFacets(db, tenantId);
        output(options, facets, () =>
          [
            `Active people: ${facets.active_people}`,
            '',
            'Groups:',
            formatTable(facets.groups, ['id', 'name', 'active_members']),
            'Departments:',
            formatTable(facets.departments, ['name', 'active_people']),
          ].join('\n'),
        );
      }),
    );

  const scim = program.command('scim').description("SCIM provisioning: a tenant's directory token");
  scim
    .command('show <tenantId>')
    .description('the SCIM endpoint URL and the live token (by prefix)')
    .option('--admin-url <url>', 'the admin URL your directory reaches (default: ADMIN_HOST:ADMIN_PORT)')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { adminUrl?: string; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const settings: ScimSettings = await scimSettings(db, tenantId, adminUrlOf(config, options.adminUrl));
        output(options, settings, () =>
          [
            `Tenant URL: ${settings.endpoint_url}`,
            `Token:      ${settings.token ? `${settings.token.prefix} (created ${settings.token.created_at} by ${settings.token.created_by})` : 'none'}`,
          ].join('\n'),
        );
      }),
    );

  const token = scim.command('token').description("mint or revoke a tenant's SCIM token");
  token
    .command('create <tenantId>')
    .description('mint the SCIM token (shown once); it replaces the previous one')
    .option('--admin-url <url>', 'the admin URL your directory reaches (default: ADMIN_HOST:ADMIN_PORT)')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { adminUrl?: string; json?: boolean }) =>
      withDatabase(async (config, { db }) => {
        const created: CreatedScimToken = await mintScimToken(
          db,
          tenantId,
          adminUrlOf(config, options.adminUrl),
        );
        output(
          options,
          created,
          () => `Tenant URL:   ${created.endpoint_url}\nSecret token: ${created.token}\n${tokenNotice}`,
        );
      }),
    );
  token
    .command('revoke <tenantId>')
    .description('revoke the SCIM token: the directory can no longer provision')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const prefix = await revokeScimToken(db, tenantId);
        if (prefix === undefined) throw new Error(`Tenant ${tenantId} has no SCIM token`);
        const revoked: RevokedScimToken = { revoked: prefix };
        output(options, revoked, () => `Revoked SCIM token ${prefix}`);
      }),
    );
}
