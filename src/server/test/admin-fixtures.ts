/** Fixtures for operator API tests: tenants with keys, a minimal campaign, recipients, events. */
import type { CampaignFileInput } from '@shared/campaign';
import type { EventType } from '@shared/events';
import { newId, nowIso } from '../lib/ids';
import { appendStep } from '@server/modules/journey/journey-steps.service';
import { createTenant } from '../modules/tenants/tenants.service';
import type { Harness } from './harness';

export interface TestTenant {
  tenantId: string;
  apiKey: string;
  headers: { authorization: string };
}

export async function newTenant(h: Pick<Harness, 'database'>, name = 'Tenant'): Promise<TestTenant> {
  const { tenantId, apiKey } = await createTenant(h.database.db, name);
  return { tenantId, apiKey, headers: { authorization: `Bearer ${apiKey}` } };
}

export function campaignFile(overrides: Partial<CampaignFileInput> = {}): CampaignFileInput {
  return {
    name: 'Quarterly test',
    language_code: 'en',
    phishing: { brand: 'Northwind' },
    awareness: { content: 'This was a simulated phishing exercise.' },
    ...overrides,
  };
}

export async function importCampaign(h: Pick<Harness, 'admin'>, tenant: TestTenant, file = campaignFile()) {
  const res = await h.admin.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: tenant.headers,
    payload: file,
  });
  if (res.statusCode !== 201) throw new Error(`campaign import failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

export async function importCsv(
  h: Pick<Harness, 'admin'>,
  tenant: TestTenant,
  campaignId: string,
  csv: string,
) {
  return h.admin.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaignId}/recipients`,
    headers: { ...tenant.headers, 'content-type': 'text/csv' },
    payload: csv,
  });
}

/** Inserts an event row as the recipient journey would (one per type, status forward). */
export async function recordEvent(
  h: Pick<Harness, 'database'>,
  rid: string,
  type: EventType,
  options: { details?: Record<string, unknown>; at?: string; ip?: string } = {},
) {
  const { db } = h.database;
  const recipient = await db
    .selectFrom('recipients')
    .select(['id', 'tenant_id', 'campaign_id', 'status_rank'])
    .where('rid', '=', rid)
    .executeTakeFirstOrThrow();
  // Through the journey's own append, so the recipient's status, steps and score follow.
  const score = options.details?.score;
  await appendStep(
    db,
    {
      id: newId(),
      tenant_id: recipient.tenant_id,
      campaign_id: recipient.campaign_id,
      recipient_id: recipient.id,
      type,
      details: JSON.stringify(options.details ?? {}),
      ip: options.ip ?? '192.0.2.0',
      user_agent: 'test',
      created_at: options.at ?? nowIso(),
    },
    typeof score === 'number' ? score : undefined,
  );
}
