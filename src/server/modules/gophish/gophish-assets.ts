/**
 * GoPhish's "Import Site" keeps a `<base href>` to the real site, which Hookwise's landing-page
 * policy ignores. When a page sets one (or the import names the address it was cloned from), its
 * stylesheets, images and fonts are fetched and served from Hookwise instead; the report says
 * what was stored and what was not.
 */
import type { CampaignFile } from '@shared/campaign';
import type { GophishImport, GophishImportReport } from '@shared/gophish-import';
import type { Config } from '@server/config';
import type { CollectedAsset } from '../page-assets/asset-session';
import { bringHome } from '../page-assets/page-assets.service';
import { baseHrefOf } from '../page-assets/page-html';
import type { GophishPair } from './gophish-convert';
import { at, note } from './gophish-report';

/** Each campaign file's assets (in the files' order), its page rewritten to use them. */
export async function bringLandingPagesHome(
  config: Config,
  input: GophishImport,
  pairs: GophishPair[],
  files: CampaignFile[],
  report: GophishImportReport,
): Promise<CollectedAsset[][]> {
  const assets: CollectedAsset[][] = [];
  for (const [index, file] of files.entries()) {
    const page = pairs[index]?.page;
    const html = file.phishing?.template_html;
    const wanted =
      input.fetch_assets ?? (html !== undefined && (baseHrefOf(html) !== undefined || !!input.base_url));
    if (!page || !html || !wanted) {
      assets.push([]);
      continue;
    }
    const where = at('page', page.name);
    const home = await bringHome(config, html, input.base_url);
    file.phishing = { ...file.phishing, template_html: home.html };
    for (const stored of home.report.stored) {
      const url = stored.source_url;
      const said = `${where.text}: ${url} stored with the campaign and served from Hookwise`;
      note(report, 'mapped', 'asset_stored', where, said, { url });
    }
    for (const missed of home.report.attention) {
      const said = `${where.text}: ${missed.text}; the page now loads it from nowhere`;
      note(report, 'attention', 'asset_missed', where, said, {
        url: missed.source_url,
        problem: missed.problem,
      });
    }
    // The notices about <base href> and relative links no longer hold: those links were brought home.
    report.notices = report.notices.filter(
      (n) => !(n.name === page.name && (n.code === 'base_href' || n.code === 'relative_assets')),
    );
    assets.push(home.assets);
  }
  return assets;
}
