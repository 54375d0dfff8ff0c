/**
 * `hookwise audit …`: read a tenant's audit log (a table, CSV or JSON), set how long it is kept,
 * and prune it now. Pruning also runs hourly in the server; here it acts as `cli:<os user>`.
 */
import type { Command } from 'commander';
import {
  AUDIT_EXPORT_MAX,
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  auditQuerySchema,
  type AuditRetention,
} from '@shared/audit';
import { auditCsv } from '../modules/audit/audit-csv';
import { pruneAuditLog } from '../modules/audit/audit-retention';
import { auditEntries } from '../modules/audit/audit.service';
import { setTenantAuditRetention, tenantAuditRetention } from '../modules/tenants/audit-retention.service';
import { withDatabase } from './cli-context';
import { formatTable, output, write } from './output';

interface ListOptions {
  limit: string;
  actor?: string;
  from?: string;
  to?: string;
  csv?: boolean;
  json?: boolean;
}

/** "forever", or a whole number of days in the allowed range. */
function retentionDays(value: string): number | null {
  if (value === 'forever') return null;
  const days = Number(value);
  if (!Number.isInteger(days) || days < AUDIT_RETENTION_MIN_DAYS || days > AUDIT_RETENTION_MAX_DAYS) {
    throw new Error(
      `Give a number of days from ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS}, or "forever"`,
    );
  }
  return days;
}

const retentionText = (days: number | null) =>
  days === null ? 'Audit entries are kept for ever.' : `Audit entries are kept for ${days} days.`;

export function addAuditCommands(program: Command): void {
  const audit = program.command('audit').description("a tenant's audit log: read, export, retention");

  audit
    .command('list <tenantId>')
    .description('the audit log, newest first (--csv and --json export it)')
    .option('--limit <n>', `how many entries (at most ${AUDIT_EXPORT_MAX})`, '50')
    .option('--actor <actor>', 'only this actor, as stored (an e-mail, "api key <prefix>", "cli:<user>")')
    .option('--from <instant>', 'from this ISO instant, e.g. 2026-11-01T00:00:00Z')
    .option('--to <instant>', 'up to this ISO instant')
    .option('--csv', 'print CSV (safe to open in a spreadsheet)')
    .option('--json', 'print JSON')
    .action((tenantId: string, options: ListOptions) =>
      withDatabase(async (_config, { db }) => {
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_EXPORT_MAX) {
          throw new Error(`--limit must be a whole number from 1 to ${AUDIT_EXPORT_MAX}`);
        }
        const query = auditQuerySchema.parse({ actor: options.actor, from: options.from, to: options.to });
        const entries = await auditEntries(db, tenantId, { ...query, limit });
        if (options.csv) return write(auditCsv(entries));
        output(options, { entries }, () =>
          formatTable(
            entries.map((e) => ({
              at: e.at,
              actor: e.actor,
              action: e.action,
              target: e.target_name ?? e.target,
            })),
          ),
        );
      }),
    );

  audit
    .command('retention <tenantId> [days]')
    .description('show, or set, how long the audit log is kept: a number of days, or "forever"')
    .option('--json', 'print JSON')
    .action((tenantId: string, value: string | undefined, options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const days =
          value === undefined
            ? await tenantAuditRetention(db, tenantId)
            : await setTenantAuditRetention(db, tenantId, retentionDays(value));
        const result: AuditRetention = { days };
        output(options, result, () => retentionText(days));
      }),
    );

  audit
    .command('prune')
    .description('remove the entries older than each tenant’s retention now (the server does it hourly)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const pruned = await pruneAuditLog(db);
        output(options, pruned, () =>
          pruned.length === 0
            ? 'Nothing is older than its retention.'
            : pruned
                .map((p) => `${p.tenantId}: removed ${p.removed} entries older than ${p.days} days`)
                .join('\n'),
        );
      }),
    );
}
