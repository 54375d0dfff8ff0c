/** SQL for campaign_assets: a landing page's stored stylesheets, images and fonts. */
import type { Db } from '@server/db/schema';

export interface NewCampaignAsset {
  id: string;
  tenant_id: string;
  campaign_id: string;
  path: string;
  content_type: string;
  bytes: string;
  sha256: string;
  size: number;
  source_url: string;
  created_at: string;
}

export async function insertAssets(db: Db, rows: readonly NewCampaignAsset[]): Promise<void> {
  // One row a statement: each may carry megabytes of base64.
  for (const row of rows) await db.insertInto('campaign_assets').values(row).execute();
}

/** An asset whose campaign is still its tenant's: never one left behind by another tenant's. */
export function findServableAsset(db: Db, id: string, path: string) {
  return db
    .selectFrom('campaign_assets')
    .innerJoin('campaigns', (join) =>
      join
        .onRef('campaigns.id', '=', 'campaign_assets.campaign_id')
        .onRef('campaigns.tenant_id', '=', 'campaign_assets.tenant_id'),
    )
    .select(['campaign_assets.content_type', 'campaign_assets.bytes', 'campaign_assets.sha256'])
    .where('campaign_assets.id', '=', id)
    .where('campaign_assets.path', '=', path)
    .executeTakeFirst();
}

export function assetsOfCampaign(db: Db, tenantId: string, campaignId: string) {
  return db
    .selectFrom('campaign_assets')
    .select(['id', 'path', 'content_type', 'size', 'source_url', 'sha256'])
    .where('tenant_id', '=', tenantId)
    .where('campaign_id', '=', campaignId)
    .orderBy('created_at')
    .execute();
}
