/**
 * Test data for the journey: a tenant, a campaign from a campaign file, and recipients, written
 * straight through the repositories (server and browser tests share it).
 */
import type { Kysely } from 'kysely';
import { campaignFileSchema, type CampaignFileInput } from '../../../shared/campaign';
import type { Database } from '../../db/schema';
import { isLanguageCode } from '../../../shared/languages';
import { insertCampaign } from '../campaigns/campaigns.repository';
import { addRecipients } from '../recipients/recipients.service';
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
  const identities = (options.recipients ?? [{ email: 'pat@example.com' }]).map((r) => ({
    email: r.email ?? null,
    person_id: r.person_id ?? null,
    first_name: r.first_name ?? null,
    language_code: r.language_code && isLanguageCode(r.language_code) ? r.language_code : null,
  }));
  const rows = await addRecipients(db, { id: campaignId, tenant_id: tenantId }, identities);
  return { tenantId, campaignId, recipients: rows };
}

/** The smallest valid campaign file: defaults everywhere the format has them. */
export const MINIMAL_CAMPAIGN: CampaignFileInput = {
  name: 'Minimal',
  phishing: {},
  awareness: { content: 'Plain text awareness.' },
};
