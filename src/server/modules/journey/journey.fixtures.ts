/**
 * Test data for the journey: a tenant, a campaign from a campaign file, and recipients, written
 * straight through the repositories (server and browser tests share it).
 */
import type { Kysely } from 'kysely';
import { campaignFileSchema, type CampaignFileInput } from '../../../shared/campaign';
import type { Database } from '../../db/schema';
import { newId, newRid, nowIso } from '../../lib/ids';
import { insertCampaign, insertRecipients } from '../campaigns/campaigns.repository';
import { createTenant } from '../tenants/tenants.service';

export interface SeedOptions {
  tenantId?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  ended_at?: string | null;
  recipients?: { email?: string; person_id?: string; first_name?: string; language_code?: string }[];
}

export async function seedCampaign(db: Kysely<Database>, file: CampaignFileInput, options: SeedOptions = {}) {
  const tenantId = options.tenantId ?? (await createTenant(db, 'Journey tenant')).tenantId;
  const content = campaignFileSchema.parse(file);
  const campaignId = await insertCampaign(db, tenantId, content, options);
  const rows = (options.recipients ?? [{ email: 'pat@example.com' }]).map((r) => ({
    id: newId(),
    tenant_id: tenantId,
    campaign_id: campaignId,
    rid: newRid(),
    email: r.email ?? null,
    person_id: r.person_id ?? null,
    first_name: r.first_name ?? null,
    language_code: r.language_code ?? null,
    status: 'created',
    created_at: nowIso(),
  }));
  await insertRecipients(db, rows);
  return { tenantId, campaignId, recipients: rows };
}

/** The smallest valid campaign file: defaults everywhere the format has them. */
export const MINIMAL_CAMPAIGN: CampaignFileInput = {
  name: 'Minimal',
  phishing: {},
  awareness: { content: 'Plain text awareness.' },
};
