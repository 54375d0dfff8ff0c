/**
 * `hookwise tenant …`: create tenants (the API key is printed once), list, manage keys, and the
 * tenant's own offices and gateways (egress networks).
 */
import type { Command } from 'commander';
import type {
  CreatedApiKey,
  CreatedTenant,
  EgressNetworks,
  RevokedApiKey,
  TenantSummary,
} from '@shared/tenants';
import { setTenantEgressNetworks, tenantEgressNetworks } from '../modules/tenants/egress-networks.service';
import {
  createApiKey,
  createTenant,
  listTenants,
  revokeKey,
  tenantApiKeys,
} from '../modules/tenants/tenants.service';
import { withDatabase } from './cli-context';
import { EMPTY, formatTable, output } from './output';

const keyNotice = 'Keep the API key now: it is shown once and only its hash is stored.';

export function addTenantCommands(program: Command): void {
  const tenant = program.command('tenant').description('tenants and their API keys');

  tenant
    .command('create <name>')
    .description('create a tenant and print its first API key (shown once)')
    .option('--json', 'print JSON')
    .action((name: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const trimmed = name.trim();
        if (!trimmed || trimmed.length > 200) throw new Error('The tenant name must be 1 to 200 characters');
        const { tenantId, apiKey } = await createTenant(db, trimmed);
        const value: CreatedTenant = { tenant_id: tenantId, name: trimmed, api_key: apiKey };
        output(options, value, () => `Tenant:  ${tenantId} (${trimmed})\nAPI key: ${apiKey}\n${keyNotice}`);
      }),
    );

  tenant
    .command('list')
    .description('list tenants')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const tenants: TenantSummary[] = await listTenants(db);
        output(options, tenants, () => formatTable(tenants));
      }),
    );

  tenant
    .command('keys <tenantId>')
    .description("list a tenant's API keys by prefix")
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const keys = await tenantApiKeys(db, tenantId);
        output(options, keys, () => formatTable(keys, ['prefix', 'created_at', 'revoked_at']));
      }),
    );

  tenant
    .command('add-key <tenantId>')
    .description('create another API key for a tenant (shown once)')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const { apiKey, prefix } = await createApiKey(db, tenantId);
        const created: CreatedApiKey = { api_key: apiKey, prefix };
        output(options, created, () => `API key: ${apiKey}\n${keyNotice}`);
      }),
    );

  tenant
    .command('revoke-key <prefix>')
    .description('revoke the API key with this prefix (see tenant keys)')
    .option('--json', 'print JSON')
    .action((prefix: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        if (!(await revokeKey(db, undefined, prefix))) {
          throw new Error(`No active API key with prefix ${prefix}`);
        }
        const revoked: RevokedApiKey = { revoked: prefix };
        output(options, revoked, () => `Revoked API key ${prefix}`);
      }),
    );

  tenant
    .command('egress-networks <tenantId>')
    .description(
      "the tenant's own offices and gateways (CIDR ranges): fan-out from them never judges a visit alone",
    )
    .option('--set <list>', 'replace the list: ranges or addresses separated by commas (e.g. 203.0.113.0/24)')
    .option('--clear', 'remove every range')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: { set?: string; clear?: boolean; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const change = options.clear ? [] : options.set?.split(',');
        const networks = change
          ? await setTenantEgressNetworks(db, tenantId, change)
          : await tenantEgressNetworks(db, tenantId);
        const value: EgressNetworks = { networks };
        output(options, value, () => (networks.length > 0 ? networks.join('\n') : EMPTY));
      }),
    );
}
