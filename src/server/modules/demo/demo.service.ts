/** `hookwise demo`: a demo tenant, campaign, three recipients and a poll link. */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { campaignFileSchema } from '../../../shared/campaign';
import { newId, newRid, nowIso } from '../../lib/ids';
import { insertCampaign, insertRecipients } from '../campaigns/campaigns.repository';
import { mintPollToken } from '../poll/poll-token';
import { createTenant } from '../tenants/tenants.service';
import { DEMO_KNOWN_MALICIOUS, DEMO_POLL_URLS, DEMO_RECIPIENTS, demoCampaign } from './demo-campaign';

export interface DemoResult {
  tenantId: string;
  apiKey: string;
  campaignId: string;
  recipients: { rid: string; url: string }[];
  pollUrl: string;
}

export async function createDemo(config: Config, { db }: Db): Promise<DemoResult> {
  const { tenantId, apiKey } = await createTenant(db, 'Demo tenant');
  const content = campaignFileSchema.parse(demoCampaign(config.publicUrl));
  const campaignId = await insertCampaign(db, tenantId, content);
  const createdAt = nowIso();
  const rows = DEMO_RECIPIENTS.map((r) => ({
    id: newId(),
    tenant_id: tenantId,
    campaign_id: campaignId,
    rid: newRid(),
    email: r.email,
    person_id: null,
    first_name: r.first_name,
    language_code: r.language_code,
    status: 'created',
    created_at: createdAt,
  }));
  await insertRecipients(db, rows);
  await db
    .insertInto('malicious_urls')
    .values({ tenant_id: tenantId, url: DEMO_KNOWN_MALICIOUS, source: 'import', created_at: createdAt })
    .execute();
  const urls = Object.fromEntries(DEMO_POLL_URLS.map((url) => [url, url === DEMO_KNOWN_MALICIOUS]));
  const token = await mintPollToken(config.pollTokenSecret, {
    tenantId,
    urls,
    expiresInSeconds: 14 * 24 * 3600,
    reviewer: 'demo-reviewer',
  });
  return {
    tenantId,
    apiKey,
    campaignId,
    recipients: rows.map((r) => ({ rid: r.rid, url: `${config.publicUrl}/phish?rid=${r.rid}` })),
    pollUrl: `${config.publicUrl}/poll?p=${token}`,
  };
}
