/**
 * The audit log of operator actions: who (a user's email, an API key's prefix, `cli:<os user>`
 * for the command line, `system` for Hookwise's own decisions), what (an action name such as
 * "campaign.launch"), on what, and when. Written by the service that makes each change, in the
 * change's own transaction (audited.ts), and for sign-ins; never holds a request body. Read back with the
 * names a person knows (the user's name, the campaign's name, the user a change was made to),
 * looked up when read: the stored row keeps the ids, so a rename shows the new name.
 */
import { auditActorKind, auditKindOf, type AuditEntry, type AuditQuery } from '@shared/audit';
import type { Db } from '@server/db/schema';
import { usersOf } from '../accounts/accounts.service';
import { campaignSummaries } from '../campaigns/campaigns.service';
import { sendingProfiles } from '../sending/sending-profiles.service';
import { requireTenant } from '../tenants/tenants.service';
import { tenantScenarioTitles } from '../scenarios/scenarios.service';
import { automationList } from '../automations/automations.service';
import { listAuditActors, listAuditEntries } from './audit.repository';

/** The names the log is read with: users by email and by id, campaigns and profiles by id. */
interface Names {
  userByEmail: Map<string, string>;
  userById: Map<string, string>;
  campaign: Map<string, string>;
  profile: Map<string, string>;
  tenant: Map<string, string>;
  scenario: Map<string, string>;
  automation: Map<string, string>;
}

async function namesOf(db: Db, tenantId: string): Promise<Names> {
  const [users, campaigns, profiles, tenant, scenarios, automations] = await Promise.all([
    usersOf(db, tenantId),
    campaignSummaries(db, tenantId),
    sendingProfiles(db, tenantId),
    requireTenant(db, tenantId),
    tenantScenarioTitles(db, tenantId),
    automationList(db, tenantId),
  ]);
  return {
    userByEmail: new Map(users.map((u) => [u.email, u.name])),
    userById: new Map(users.map((u) => [u.id, u.email])),
    campaign: new Map(campaigns.map((c) => [c.id, c.name])),
    profile: new Map(profiles.map((p) => [p.id, p.name])),
    tenant: new Map([[tenant.id, tenant.name]]),
    scenario: scenarios,
    automation: new Map(automations.map((a) => [a.id, a.name])),
  };
}

function targetName(names: Names, action: string, target: string | null): string | null {
  if (target === null) return null;
  const prefix = action.split('.')[0];
  if (prefix === 'campaign' || prefix === 'recipients') return names.campaign.get(target) ?? null;
  if (prefix === 'user') return names.userById.get(target) ?? null;
  if (prefix === 'sending_profile') return names.profile.get(target) ?? null;
  if (prefix === 'api_key' || prefix === 'scim_token') return target;
  if (prefix === 'tenant') return names.tenant.get(target) ?? null;
  if (prefix === 'scenario') return names.scenario.get(target) ?? null;
  if (prefix === 'automation') return names.automation.get(target) ?? null;
  return null;
}

function readable(
  names: Names,
  row: { id: string; at: string; actor: string; action: string; target: string | null; details: string },
): AuditEntry {
  const details = parseDetails(row.details);
  const campaignId = typeof details.campaign === 'string' ? details.campaign : null;
  const kind = auditActorKind(row.actor);
  return {
    id: row.id,
    at: row.at,
    actor: row.actor,
    actor_kind: kind,
    actor_name: kind === 'user' ? (names.userByEmail.get(row.actor) ?? null) : null,
    action: row.action,
    kind: auditKindOf(row.action),
    target: row.target,
    target_name: targetName(names, row.action, row.target),
    campaign_name: campaignId ? (names.campaign.get(campaignId) ?? null) : null,
    details,
  };
}

/** An instant as stored (toISOString), so that text comparison is time order. */
const instant = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);

export async function auditEntries(db: Db, tenantId: string, query: AuditQuery): Promise<AuditEntry[]> {
  const [rows, names] = await Promise.all([
    listAuditEntries(db, tenantId, {
      ...query,
      before: instant(query.before),
      from: instant(query.from),
      to: instant(query.to),
    }),
    namesOf(db, tenantId),
  ]);
  return rows.map((row) => readable(names, row));
}

export async function auditActors(db: Db, tenantId: string) {
  const [actors, names] = await Promise.all([listAuditActors(db, tenantId), namesOf(db, tenantId)]);
  return { actors: actors.map((actor) => ({ actor, name: names.userByEmail.get(actor) ?? null })) };
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
