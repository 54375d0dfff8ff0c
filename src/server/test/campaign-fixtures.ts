/**
 * Test data for the journey: a tenant, a campaign from a campaign file, and recipients, written
 * straight through the repositories (server and browser tests share it).
 */
import { campaignFileSchema, storedCampaignFileSchema, type CampaignFileInput } from '@shared/campaign';
import { isLanguageCode } from '@shared/languages';
import { insertCampaign } from '@server/modules/campaigns/campaigns.repository';
import { addRecipients } from '@server/modules/recipients/recipients.service';
import { createTenant } from '@server/modules/tenants/tenants.service';
import type { Db } from '@server/db/schema';

export interface SeedOptions {
  tenantId?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  ended_at?: string | null;
  recipients?: { email?: string; person_id?: string; first_name?: string; language_code?: string }[];
  /**
   * Read the file as stored content is read (storedCampaignFileSchema): a campaign saved before
   * today's write rules (an unknown `{{…}}` in its e-mail) still reaches the recipient pages.
   */
  storedBeforeRules?: boolean;
}

export async function seedCampaign(db: Db, file: CampaignFileInput, options: SeedOptions = {}) {
  const tenantId = options.tenantId ?? (await createTenant(db, 'Journey tenant')).tenantId;
  const content = (options.storedBeforeRules ? storedCampaignFileSchema : campaignFileSchema).parse(file);
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
