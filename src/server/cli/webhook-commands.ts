/**
 * `hookwise webhooks …`: a tenant's webhook and syslog endpoints, and the delivery log with
 * "send again" (docs/webhooks.md). The same services as the API and the console.
 */
import type { Command } from 'commander';
import { DELIVERY_STATES, endpointInputSchema, type Delivery, type Endpoint } from '@shared/webhooks';
import { listTenants } from '../modules/tenants/tenants.service';
import {
  createEndpoint,
  deliveries,
  deliveryTenant,
  endpoints,
  endpointTenant,
  redeliver,
  removeEndpoint,
} from '../modules/webhooks/webhooks.service';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';
import type { Db } from '@server/db/schema';

async function tenantsOf(db: Db, tenant: string | undefined): Promise<string[]> {
  return tenant ? [tenant] : (await listTenants(db)).map((t) => t.id);
}

function deliveryRow(d: Delivery) {
  return {
    id: d.id,
    event: d.event_type,
    state: d.state,
    attempts: d.attempts,
    status: d.last_status,
    error: d.last_error,
    next_try: d.next_attempt_at,
    endpoint: d.endpoint_url,
    created_at: d.created_at,
  };
}

export function addWebhookCommands(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .description('webhook and syslog endpoints that receive campaign events, and their deliveries');

  webhooks
    .command('list')
    .description('list endpoints (their ids name them in the commands below; secrets are never shown)')
    .option('--tenant <id>', 'only this tenant')
    .option('--json', 'print JSON')
    .action((options: { tenant?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const rows: (Endpoint & { tenant_id: string })[] = [];
        for (const tenantId of await tenantsOf(db, options.tenant))
          for (const endpoint of await endpoints(db, tenantId))
            rows.push({ ...endpoint, tenant_id: tenantId });
        output(options, rows, () =>
          formatTable(
            rows.map((e) => ({ ...e, events: e.events.join(','), enabled: e.enabled ? 'yes' : 'no' })),
            ['id', 'kind', 'url', 'events', 'enabled', 'tenant_id'],
            { keep: ['id'] },
          ),
        );
      }),
    );

  webhooks
    .command('add')
    .description('add an endpoint: prints its signing secret, shown this once')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--url <url>', 'https://… for a webhook, syslog+tls://host:port for a SIEM')
    .requiredOption('--events <list>', 'event types, comma-separated (e.g. click.judged,form.submitted)')
    .option('--description <text>', 'what it is for')
    .option('--json', 'print JSON')
    .action(
      (options: { tenant: string; url: string; events: string; description?: string; json?: boolean }) =>
        withDatabase(async (config, { db }) => {
          const parsed = endpointInputSchema.safeParse({
            url: options.url,
            events: options.events.split(',').map((e) => e.trim()),
            description: options.description ?? '',
          });
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new Error(`--${String(issue?.path[0] ?? 'url')}: ${issue?.message ?? 'not valid'}`);
          }
          const created = await createEndpoint(db, config, options.tenant, parsed.data);
          output(options, created, () =>
            [
              `Added ${created.kind} endpoint ${created.id} (${created.url})`,
              created.secret
                ? `Signing secret (shown this once, keep it with the receiver): ${created.secret}`
                : 'Syslog endpoints are not signed.',
            ].join('\n'),
          );
        }),
    );

  webhooks
    .command('remove <endpointId>')
    .description('remove an endpoint and its delivery log')
    .option('--json', 'print JSON')
    .action((endpointId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        await removeEndpoint(db, await endpointTenant(db, endpointId), endpointId);
        output(options, { removed: endpointId }, () => `Removed endpoint ${endpointId}`);
      }),
    );

  webhooks
    .command('deliveries')
    .description('the delivery log, newest first')
    .option('--tenant <id>', 'only this tenant')
    .option('--endpoint <id>', 'only this endpoint')
    .option('--state <state>', `only these: ${DELIVERY_STATES.join(', ')}`)
    .option('--limit <n>', 'at most this many per tenant (default 50)', '50')
    .option('--json', 'print JSON')
    .action(
      (options: { tenant?: string; endpoint?: string; state?: string; limit: string; json?: boolean }) =>
        withDatabase(async (_config, { db }) => {
          const limit = Number(options.limit);
          if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new Error('--limit takes 1 to 500');
          const state = DELIVERY_STATES.find((s) => s === options.state);
          if (options.state && !state) throw new Error(`--state takes one of ${DELIVERY_STATES.join(', ')}`);
          const rows: Delivery[] = [];
          for (const tenantId of await tenantsOf(db, options.tenant)) {
            rows.push(
              ...(await deliveries(db, tenantId, {
                limit,
                ...(options.endpoint ? { endpoint_id: options.endpoint } : {}),
                ...(state ? { state } : {}),
              })),
            );
          }
          output(options, rows, () => formatTable(rows.map(deliveryRow), undefined, { keep: ['id'] }));
        }),
    );

  webhooks
    .command('redeliver <deliveryId>')
    .description('send a delivered or failed delivery again (same body, same event id)')
    .option('--json', 'print JSON')
    .action((deliveryId: string, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const delivery = await redeliver(db, await deliveryTenant(db, deliveryId), deliveryId);
        output(
          options,
          delivery,
          () => `Queued delivery ${deliveryId} again (${delivery.event_type} to ${delivery.endpoint_url})`,
        );
      }),
    );
}
