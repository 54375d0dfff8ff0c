/** `hookwise demo`: a demo tenant, campaign, three recipients and a poll link. */
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { campaignFileSchema } from '@shared/campaign';
import type { DemoResult } from '@shared/demo';
import { audited } from '../audit/audited';
import { createUser, findUserId, generatePassword } from '../accounts/accounts.service';
import { campaignSummaries, importCampaign, requireCampaign } from '../campaigns/campaigns.service';
import { importMaliciousUrls } from '../malicious-urls/malicious-urls.service';
import { mintPollLink } from '../reviewers/reviewers.service';
import { addRecipients, recipientLinks } from '../recipients/recipients.service';
import { createTenant, oldestTenantNamed } from '../tenants/tenants.service';
import {
  DEMO_CAMPAIGN_NAME,
  DEMO_KNOWN_MALICIOUS,
  DEMO_POLL_URLS,
  DEMO_RECIPIENTS,
  DEMO_TENANT_NAME,
  demoCampaign,
} from './demo-campaign';
import { recipientLink } from '@shared/routes';

/** The demo tenant's console owner; its password is generated and shown once. */
export const DEMO_OWNER_EMAIL = 'owner@demo.hookwise.test';

export type { DemoResult };

/** Built from the same services the CLI and the REST API use, so the demo is what they make. */
export async function createDemo(db: Db, config: Config): Promise<DemoResult> {
  const { tenantId, apiKey } = await createTenant(db, DEMO_TENANT_NAME);
  const campaign = await importCampaign(
    db,
    tenantId,
    campaignFileSchema.parse(demoCampaign(config.publicUrl)),
  );
  const audit = { tenantId, action: 'recipients.import', target: campaign.id };
  const recipients = await audited(db, audit, (trx) =>
    addRecipients(trx, { id: campaign.id, tenant_id: tenantId }, DEMO_RECIPIENTS),
  );
  await importMaliciousUrls(db, tenantId, [DEMO_KNOWN_MALICIOUS]);
  const poll = await demoPollLink(db, config, tenantId);
  const password = generatePassword();
  // A second demo in the same database gets an owner of its own (emails are unique).
  const taken = await findUserId(db, DEMO_OWNER_EMAIL).then(
    () => true,
    () => false,
  );
  const email = taken ? `owner+${tenantId.slice(0, 8)}@demo.hookwise.test` : DEMO_OWNER_EMAIL;
  await createUser(db, tenantId, { email, name: 'Demo owner', role: 'owner', password });
  return {
    tenantId,
    apiKey,
    owner: { email, password },
    campaignId: campaign.id,
    recipients: recipients.map((r) => ({ rid: r.rid, url: recipientLink(config.publicUrl, r.rid) })),
    pollUrl: poll.url,
  };
}

function demoPollLink(db: Db, config: Config, tenantId: string) {
  return mintPollLink(db, {
    secret: config.pollTokenSecret,
    publicUrl: config.publicUrl,
    tenantId,
    urls: DEMO_POLL_URLS,
    expiresInSeconds: 14 * 24 * 3600,
    reviewer: 'demo-reviewer',
  });
}

export interface DemoLinks {
  tenantId: string;
  campaignId: string;
  recipients: { first_name: string | null; language_code: string | null; url: string }[];
  /** Minted afresh on every call: an old link may have expired. */
  pollUrl: string;
}

/**
 * The demo's links, found again on a later start (the oldest tenant and campaign with the demo's
 * names); undefined when there is no demo. Every start in development prints them.
 */
export async function demoLinks(db: Db, config: Config): Promise<DemoLinks | undefined> {
  const tenant = await oldestTenantNamed(db, DEMO_TENANT_NAME);
  if (!tenant) return undefined;
  const summary = (await campaignSummaries(db, tenant.id))
    .filter((campaign) => campaign.name === DEMO_CAMPAIGN_NAME)
    .at(-1);
  if (!summary) return undefined;
  const links = await recipientLinks(db, config.publicUrl, await requireCampaign(db, tenant.id, summary.id));
  const poll = await demoPollLink(db, config, tenant.id);
  return {
    tenantId: tenant.id,
    campaignId: summary.id,
    recipients: links.map((link) => ({
      first_name: link.first_name,
      language_code: link.language_code,
      url: link.link,
    })),
    pollUrl: poll.url,
  };
}
