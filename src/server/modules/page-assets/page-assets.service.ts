/**
 * A landing page's assets brought home and served from Hookwise: "Import a site" (the page at
 * an address becomes a campaign's landing page), the GoPhish import's cloned pages, and the
 * public route that serves what was stored. Fetching happens before any transaction opens;
 * the assets are stored in the same transaction as the page that refers to them.
 */
import { PAGE_HTML_MAX } from '@shared/campaign';
import type { AssetReport, ImportSiteResult } from '@shared/page-assets';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { badRequest, notFound } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { NetworkList } from '@server/lib/network-list';
import { requireCampaign, setLandingPage } from '../campaigns/campaigns.service';
import { ASSET_LIMITS, AssetSession, type CollectedAsset } from './asset-session';
import { insertAssets, findServableAsset } from './page-assets.repository';
import { bringPageHome } from './page-html';
import { FetchRefused, safeFetch } from './safe-fetch';

export interface BroughtPage {
  html: string;
  assets: CollectedAsset[];
  report: AssetReport;
}

const allowedOf = (config: Config) => NetworkList.of(config.importSitePrivateNetworks);

/** The page with its assets fetched and its references rewritten; nothing stored yet. */
export async function bringHome(
  config: Config,
  html: string,
  pageUrl: string | undefined,
): Promise<BroughtPage> {
  const session = new AssetSession(allowedOf(config));
  const rewritten = await bringPageHome(html, pageUrl, session);
  return { html: rewritten, assets: session.assets, report: session.report };
}

/** Stores a brought page's assets for a campaign, in the caller's transaction. */
export async function storeAssets(trx: Db, tenantId: string, campaignId: string, assets: CollectedAsset[]) {
  const createdAt = nowIso();
  await insertAssets(
    trx,
    assets.map((asset) => ({
      id: asset.id,
      tenant_id: tenantId,
      campaign_id: campaignId,
      path: asset.name,
      content_type: asset.contentType,
      bytes: asset.bytes.toString('base64'),
      sha256: asset.sha256,
      size: asset.bytes.length,
      source_url: asset.sourceUrl,
      created_at: createdAt,
    })),
  );
}

/** The page at `url` and its assets become the campaign's landing page. */
export async function importSite(
  db: Db,
  config: Config,
  tenantId: string,
  campaignId: string,
  url: string,
): Promise<ImportSiteResult> {
  const campaign = await requireCampaign(db, tenantId, campaignId);
  let page;
  try {
    page = await safeFetch(url, {
      allowed: allowedOf(config),
      maxBytes: PAGE_HTML_MAX,
      timeoutMs: ASSET_LIMITS.timeoutMs,
    });
  } catch (error) {
    if (error instanceof FetchRefused)
      throw badRequest(`The page was not imported: ${error.message}`, 'invalid_url');
    throw error;
  }
  if (page.contentType !== 'text/html' && page.contentType !== 'application/xhtml+xml') {
    throw badRequest(
      `The page was not imported: ${page.url} is ${page.contentType || 'of no stated type'}, not an HTML page`,
      'invalid_url',
    );
  }
  const brought = await bringHome(config, page.bytes.toString('utf8'), page.url);
  if (brought.html.length > PAGE_HTML_MAX) {
    throw badRequest(
      `The page was not imported: it is longer than ${PAGE_HTML_MAX} characters`,
      'invalid_url',
    );
  }
  const summary = await setLandingPage(db, campaign, brought.html, { import_site: url }, (trx) =>
    storeAssets(trx, tenantId, campaign.id, brought.assets),
  );
  return { campaign: summary, report: brought.report };
}

/** What the public route serves: a stored asset, or the plain 404. */
export async function servableAsset(db: Db, id: string, name: string) {
  const asset = await findServableAsset(db, id, name);
  if (!asset) throw notFound();
  return { contentType: asset.content_type, bytes: Buffer.from(asset.bytes, 'base64'), sha256: asset.sha256 };
}
