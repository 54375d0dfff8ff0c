/**
 * The networks a tenant declares as its own offices and gateways ("our office and gateway
 * addresses"): fan-out from them never judges a visit alone (docs/clicks.md). Read on the
 * landing path, so each instance keeps them a few seconds; a change is seen within that time.
 */
import type { Db } from '@server/db/schema';
import { badRequest } from '@server/lib/errors';
import { isCidr, NetworkList } from '@server/lib/network-list';
import { findEgressNetworks, updateEgressNetworks } from './tenants.repository';
import { requireTenant } from './tenants.service';
import { audited } from '../audit/audited';

/** How long an instance keeps a tenant's list before reading it again. */
export const EGRESS_CACHE_MS = 10_000;
export const MAX_EGRESS_NETWORKS = 200;

const cache = new Map<string, { list: NetworkList; until: number }>();

function parse(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && isCidr(v)) : [];
  } catch {
    return [];
  }
}

export async function tenantEgressNetworks(db: Db, tenantId: string): Promise<string[]> {
  await requireTenant(db, tenantId);
  return parse(await findEgressNetworks(db, tenantId));
}

/** Replaces the tenant's list; every entry must be a CIDR range (a bare address is taken as /32 or /128). */
export async function setTenantEgressNetworks(
  db: Db,
  tenantId: string,
  networks: readonly string[],
): Promise<string[]> {
  await requireTenant(db, tenantId);
  const normalised = [
    ...new Set(
      networks
        .map((n) => n.trim())
        .filter(Boolean)
        .map(withPrefix),
    ),
  ];
  const bad = normalised.filter((n) => !isCidr(n));
  if (bad.length > 0) {
    throw badRequest(`Not a network range: ${bad.slice(0, 3).join(', ')} (write e.g. 203.0.113.0/24)`);
  }
  if (normalised.length > MAX_EGRESS_NETWORKS) {
    throw badRequest(`At most ${MAX_EGRESS_NETWORKS} network ranges`);
  }
  await audited(db, { tenantId, action: 'settings.egress_networks' }, (trx) =>
    updateEgressNetworks(trx, tenantId, JSON.stringify(normalised)),
  );
  cache.delete(tenantId);
  return normalised;
}

function withPrefix(network: string): string {
  if (network.includes('/')) return network;
  return network.includes(':') ? `${network}/128` : `${network}/32`;
}

/** The tenant's list as a matcher, kept EGRESS_CACHE_MS per instance (the landing path reads it). */
export async function egressNetworkList(db: Db, tenantId: string): Promise<NetworkList> {
  const now = Date.now();
  const kept = cache.get(tenantId);
  if (kept && kept.until > now) return kept.list;
  const list = NetworkList.of(parse(await findEgressNetworks(db, tenantId)));
  cache.set(tenantId, { list, until: now + EGRESS_CACHE_MS });
  return list;
}
