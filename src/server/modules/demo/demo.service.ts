/** `hookwise demo`: a demo tenant, campaign, three recipients and a poll link. */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { campaignFileSchema } from '../../../shared/campaign';
import { importCampaign } from '../campaigns/campaigns.service';
import { importMaliciousUrls } from '../malicious-urls/malicious-urls.service';
import { mintPollLink } from '../poll/poll.service';
import { addRecipients } from '../recipients/recipients.service';
import { createTenant } from '../tenants/tenants.service';
import { DEMO_KNOWN_MALICIOUS, DEMO_POLL_URLS, DEMO_RECIPIENTS, demoCampaign } from './demo-campaign';

export interface DemoResult {
  tenantId: string;
  apiKey: string;
  campaignId: string;
  recipients: { rid: string; url: string }[];
  pollUrl: string;
}

/** Built from the same services the CLI and the REST API use, so the demo is what they make. */
export async function createDemo(config: Config, { db }: Db): Promise<DemoResult> {
  const { tenantId, apiKey } = await createTenant(db, 'Demo tenant');
  const campaign = await importCampaign(
    db,
    tenantId,
    campaignFileSchema.parse(demoCampaign(config.publicUrl)),
  );
  const recipients = await addRecipients(db, { id: campaign.id, tenant_id: tenantId }, DEMO_RECIPIENTS);
  await importMaliciousUrls(db, tenantId, [DEMO_KNOWN_MALICIOUS]);
  const poll = await mintPollLink(db, {
    secret: config.pollTokenSecret,
    publicUrl: config.publicUrl,
    tenantId,
    urls: DEMO_POLL_URLS,
    expiresInSeconds: 14 * 24 * 3600,
    reviewer: 'demo-reviewer',
  });
  return {
    tenantId,
    apiKey,
    campaignId: campaign.id,
    recipients: recipients.map((r) => ({ rid: r.rid, url: `${config.publicUrl}/phish?rid=${r.rid}` })),
    pollUrl: poll.url,
  };
}
