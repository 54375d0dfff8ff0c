import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ImportSiteResult } from '@shared/page-assets';
import { campaignFile, importCampaign, newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { startCloneSite, type CloneSite } from '@server/test/clone-site';
import { describeEachDatabase, type Harness } from '@server/test/harness';

interface ErrorAnswer {
  error: { code: string; message: string };
}

const ASSET = /\/assets\/p\/[A-Za-z0-9_-]{22}\/[a-f0-9]{12}\.[a-z0-9]+/g;

function importSite(h: Harness, tenant: TestTenant, campaignId: string, url: string) {
  return h.admin.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaignId}/import-site`,
    headers: tenant.headers,
    payload: { url },
  });
}

async function landingHtml(h: Harness, tenant: TestTenant, campaignId: string) {
  const res = await h.admin.inject({
    method: 'GET',
    url: `/api/admin/campaigns/${campaignId}`,
    headers: tenant.headers,
  });
  return res.json<{ file: { phishing: { template_html: string } } }>().file.phishing.template_html;
}

describeEachDatabase(
  'importing a site: its assets brought home',
  (get) => {
    let site: CloneSite;
    beforeAll(async () => {
      site = await startCloneSite();
    });
    afterAll(() => site?.close());
    beforeEach(() => {
      site.requests.length = 0;
    });

    it('stores the stylesheet, images, icon and font, rewrites the page to them, and serves them', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const campaignId = await importCampaign(h, tenant, campaignFile({ name: 'Cloned sign-in' }));
      const res = await importSite(h, tenant, campaignId, site.pageUrl);
      expect(res.statusCode, res.body).toBe(200);
      const { report } = res.json<ImportSiteResult>();
      const sources = report.stored.map((s) => s.source_url.slice(site.origin.length)).sort();
      expect(sources).toEqual([
        '/favicon.ico',
        '/login/css/site.css',
        '/login/fonts/brand.woff2',
        '/login/img/hero.png',
        '/login/img/logo.png',
      ]);
      expect(report.attention.map((a) => [a.source_url.slice(site.origin.length), a.problem]).sort()).toEqual(
        [
          ['/login/img/missing.png', 'http_status'],
          ['/login/js/app.js', 'script'],
        ],
      );
      expect(report.attention.find((a) => a.problem === 'script')!.text).toMatch(
        /scripts of imported pages are not fetched/,
      );

      const html = await landingHtml(h, tenant, campaignId);
      expect(html).not.toContain(site.origin);
      expect(html).not.toMatch(/<base\b/i);
      expect(html).not.toContain('js/app.js');
      expect(html).not.toContain('missing.png');
      expect(html).toContain('Welcome {{.FirstName}}');
      expect(html.match(ASSET)!.length).toBeGreaterThanOrEqual(4);

      // The stylesheet, rewritten to the stored font, served with its type, cached, never sniffed.
      const cssPath = report.stored.find((s) => s.source_url.endsWith('site.css'))!.path;
      expect(html).toContain(`href="${cssPath}"`);
      const css = await h.app.inject({ method: 'GET', url: cssPath });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.headers['x-content-type-options']).toBe('nosniff');
      expect(css.headers['cache-control']).toMatch(/max-age=31536000/);
      const fontPath = report.stored.find((s) => s.source_url.endsWith('brand.woff2'))!.path;
      expect(css.body).toContain(`url("${fontPath}")`);
      expect(css.body).toContain('rgb(18, 52, 86)');
      const font = await h.app.inject({ method: 'GET', url: fontPath });
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.body).toBe('wOF2 test font bytes');
      const logoPath = report.stored.find((s) => s.source_url.endsWith('logo.png'))!.path;
      const logo = await h.app.inject({ method: 'GET', url: logoPath });
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      // The preview on the admin listener finds them too.
      expect((await h.admin.inject({ method: 'GET', url: logoPath })).statusCode).toBe(200);

      // Unknown, a wrong name, or an asset whose campaign is not its tenant's: the plain 404.
      const wrongName = logoPath.replace(/\/[a-f0-9]{12}\./, '/000000000000.');
      for (const url of ['/assets/p/AAAAAAAAAAAAAAAAAAAAAA/000000000000.png', wrongName, '/assets/p/x/y']) {
        const missing = await h.app.inject({ method: 'GET', url });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      }
      const other = await newTenant(h, 'Other');
      const id = logoPath.split('/')[3]!;
      await h.database.db
        .updateTable('campaign_assets')
        .set({ tenant_id: other.tenantId })
        .where('id', '=', id)
        .execute();
      expect((await h.app.inject({ method: 'GET', url: logoPath })).statusCode).toBe(404);
    });

    it("imports GoPhish's cloned page with its <base href>: assets stored with the campaign and listed", async () => {
      const h = get();
      const tenant = await newTenant(h);
      const page = JSON.parse(
        readFileSync(path.join(import.meta.dirname, '../gophish/fixtures/page.json'), 'utf8'),
      ) as {
        html: string;
      };
      page.html = site.gophishHtml;
      const res = await h.admin.inject({
        method: 'POST',
        url: '/api/admin/import/gophish',
        headers: tenant.headers,
        payload: { page },
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<{
        campaigns: { campaign: { id: string } }[];
        report: { mapped: string[]; attention: string[]; notices: { code: string }[] };
      }>();
      const { mapped, attention, notices } = answer.report;
      expect(mapped).toContain(
        `landing page "O365 sign-in": ${site.origin}/login/css/site.css stored with the campaign and served from Hookwise`,
      );
      expect(attention.join('\n')).toContain(
        `${site.origin}/login/img/missing.png answered 404; the page now loads it from nowhere`,
      );
      expect(notices.map((n) => n.code)).not.toContain('base_href');
      const campaignId = answer.campaigns[0]!.campaign.id;
      const html = await landingHtml(h, tenant, campaignId);
      expect(html).not.toContain(site.origin);
      expect(html).toContain('Welcome {{first_name}}');
      const stored = await h.database.db
        .selectFrom('campaign_assets')
        .select(['source_url', 'size', 'tenant_id'])
        .where('campaign_id', '=', campaignId)
        .execute();
      expect(stored).toHaveLength(5);
      expect(stored.every((s) => s.tenant_id === tenant.tenantId && s.size > 0)).toBe(true);
    });

    it('follows up to 3 redirects, refuses a 4th, and refuses a page or an asset over the limits', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const campaignId = await importCampaign(h, tenant);
      expect((await importSite(h, tenant, campaignId, `${site.origin}/hop/3`)).statusCode).toBe(200);
      const four = await importSite(h, tenant, campaignId, `${site.origin}/hop/4`);
      expect(four.statusCode).toBe(400);
      expect(four.json<ErrorAnswer>().error.message).toBe(
        `The page was not imported: ${site.origin}/hop/4 redirects more than 3 times`,
      );
      const huge = await importSite(h, tenant, campaignId, `${site.origin}/huge-page`);
      expect(huge.statusCode, huge.body).toBe(200);
      expect(huge.json<ImportSiteResult>().report.attention).toEqual([
        {
          source_url: `${site.origin}/huge.png`,
          problem: 'too_large',
          text: `${site.origin}/huge.png is larger than 5 MB`,
        },
      ]);
      expect(await landingHtml(h, tenant, campaignId)).toBe('<!doctype html><body><img></body>');
      const hugeHtml = await importSite(h, tenant, campaignId, `${site.origin}/huge-html`);
      expect(hugeHtml.json<ErrorAnswer>().error.message).toBe(
        `The page was not imported: ${site.origin}/huge-html is larger than 2 MB`,
      );
      const notHtml = await importSite(h, tenant, campaignId, `${site.origin}/login/css/site.css`);
      expect(notHtml.json<ErrorAnswer>().error.message).toMatch(/is text\/css, not an HTML page/);
    });
  },
  { IMPORT_SITE_ALLOW_PRIVATE: '1' },
);

describeEachDatabase(
  'importing a site: at most 200 files, and only of their kind',
  (get) => {
    let site: CloneSite;
    beforeAll(async () => {
      site = await startCloneSite();
    });
    afterAll(() => site?.close());

    it('fetches at most 200 files, listing those over the limit and an HTML page given as an image', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const campaignId = await importCampaign(h, tenant);
      const res = await importSite(h, tenant, campaignId, `${site.origin}/many`);
      expect(res.statusCode, res.body).toBe(200);
      const { report } = res.json<ImportSiteResult>();
      expect(report.stored).toHaveLength(199);
      // The HTML page counts as one of the 200 fetched: 199 stored, the last two left out.
      const over = (n: number) => ({
        source_url: `${site.origin}/img/${n}.png`,
        problem: 'too_many',
        text: `${site.origin}/img/${n}.png was not fetched: a page may bring at most 200 assets`,
      });
      expect(report.attention).toEqual([
        over(199),
        over(200),
        {
          source_url: `${site.origin}/login/`,
          problem: 'wrong_type',
          text: `${site.origin}/login/ is text/html, where an image was expected`,
        },
      ]);
    });
  },
  { IMPORT_SITE_ALLOW_PRIVATE: '1' },
);

describeEachDatabase('importing a site: private addresses refused', (get) => {
  let site: CloneSite;
  beforeAll(async () => {
    site = await startCloneSite();
  });
  afterAll(() => site?.close());

  it('refuses loopback, private, link-local and metadata addresses, in words, fetching nothing', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const campaignId = await importCampaign(h, tenant);
    for (const [url, address] of [
      [site.pageUrl, '127.0.0.1'],
      ['http://10.1.2.3/', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://[fd00::1]/', 'fd00::1'],
      ['http://100.64.0.1/', '100.64.0.1'],
    ]) {
      const res = await importSite(h, tenant, campaignId, url!);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorAnswer>().error.message).toMatch(
        new RegExp(`is at ${address!.replace(/\./g, '\\.')}, a loopback, private or link-local address`),
      );
    }
    expect(site.requests).toEqual([]);
    const ftp = await importSite(h, tenant, campaignId, 'ftp://example.com/');
    expect(ftp.statusCode).toBe(400);
  });
});

describeEachDatabase(
  'importing a site: a redirect is checked like the first address',
  (get) => {
    let site: CloneSite;
    beforeAll(async () => {
      site = await startCloneSite();
    });
    afterAll(() => site?.close());

    it('refuses a redirect to an address outside the allowed network', async () => {
      const h = get();
      const tenant = await newTenant(h);
      const campaignId = await importCampaign(h, tenant);
      const res = await importSite(h, tenant, campaignId, `${site.origin}/to-loopback-v6`);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorAnswer>().error.message).toMatch(
        /is at ::1, a loopback, private or link-local address/,
      );
      expect(site.requests).toEqual(['/to-loopback-v6']);
    });
  },
  { IMPORT_SITE_ALLOW_PRIVATE: '127.0.0.0/8' },
);
