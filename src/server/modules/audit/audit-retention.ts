/**
 * Pruning the audit log to each tenant's retention (tenants/audit-retention.service.ts). The
 * removal is itself an audit entry ("removed N entries older than D days"), written in the same
 * transaction, so the log always says why it starts where it does. Run hourly by the server
 * (as `system`) and by `hookwise audit prune` (as the command line's user); running it twice,
 * or on several instances at once, removes nothing twice.
 */
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { auditRetentions } from '../tenants/audit-retention.service';
import { actingAs, SYSTEM_ACTOR } from './actor-context';
import { recordAudit, requireActor } from './audited';
import { deleteAuditBefore } from './audit.repository';

const DAY_MS = 86_400_000;
export const PRUNE_EVERY_MS = 3_600_000;
const FIRST_PRUNE_MS = 60_000;

export interface Pruned {
  tenantId: string;
  days: number;
  removed: number;
}

export async function pruneAuditLog(db: Db, now = new Date()): Promise<Pruned[]> {
  const actor = requireActor('audit.prune');
  const pruned: Pruned[] = [];
  for (const { id: tenantId, days } of await auditRetentions(db)) {
    const before = new Date(now.getTime() - days * DAY_MS).toISOString();
    const removed = await inTransaction(db, async (trx) => {
      const count = await deleteAuditBefore(trx, tenantId, before);
      if (count > 0) {
        await recordAudit(trx, { tenantId, actor, action: 'audit.prune', details: { removed: count, days } });
      }
      return count;
    });
    if (removed > 0) pruned.push({ tenantId, days, removed });
  }
  return pruned;
}

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Prunes a minute after start, then hourly; a failure is logged and tried again next time. */
export function startAuditPruning(db: Db, log: Log): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };
  const tick = async () => {
    try {
      const pruned = await actingAs(SYSTEM_ACTOR, () => pruneAuditLog(db));
      for (const p of pruned) log.info(p, 'audit log pruned to its retention');
    } catch (error) {
      log.error({ err: error }, 'audit log pruning failed');
    }
    if (!stopped) schedule(PRUNE_EVERY_MS);
  };
  schedule(FIRST_PRUNE_MS);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
