/**
 * A cloned page renders from Hookwise alone: a page imported from a real site (by "Import a
 * site", and as GoPhish's Import Site stored it, <base href> and all) is opened by a recipient in
 * Chromium under the landing page's policy. Its stylesheet and image are drawn (pixels read
 * back: the site's distinctive colours), its variables are filled, and the original site sees
 * not one request once the import is done.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_RGB, LOGO_RGB, startCloneSite, type CloneSite } from '@server/test/clone-site';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

describe.runIf(browserAvailable)('an imported site, rendered in Chromium', () => {
  let server: TestServer;
  let site: CloneSite;
  let browser: Browser;
  let decoder: Page;

  beforeAll(async () => {
    server = await startTestServer({ IMPORT_SITE_ALLOW_PRIVATE: '1' });
    site = await startCloneSite();
    browser = await launchBrowser();
    decoder = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  async function admin<T>(method: 'POST' | 'GET', url: string, payload?: object | string): Promise<T> {
    const res = await server.admin.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${server.demo.apiKey}`,
        ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<T>();
  }

  /** The colour Chromium drew at the centre of an element, read back from a screenshot. */
  async function colourAt(tab: Page, selector: string): Promise<number[]> {
    const box = await tab.locator(selector).boundingBox();
    if (!box || box.width < 4 || box.height < 4) return [];
    const png = (await tab.screenshot({ clip: box })).toString('base64');
    return decoder.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas');
      ctx.drawImage(image, 0, 0);
      const x = Math.floor(image.width / 2);
      const y = Math.floor(image.height / 2);
      return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
    }, png);
  }

  async function recipientOf(campaignId: string, csv: string): Promise<string> {
    await admin('POST', `/api/admin/campaigns/${campaignId}/recipients`, csv);
    const { links } = await admin<{ links: { rid: string }[] }>(
      'GET',
      `/api/admin/campaigns/${campaignId}/links`,
    );
    return links[0]!.rid;
  }

  async function openAsRecipient(rid: string) {
    const context = await newContext(browser);
    const tab = await context.newPage();
    const response = await tab.goto(`${server.url}/phish?rid=${rid}`);
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    // The stylesheet's colour where the banner is, and the image's where the logo is.
    await expect.poll(() => colourAt(tab, '#banner'), { timeout: 5000 }).toEqual([...BANNER_RGB]);
    await expect.poll(() => colourAt(tab, '#logo'), { timeout: 5000 }).toEqual([...LOGO_RGB]);
    return { tab, context };
  }

  it('Import a site: the page at the address, styled from Hookwise, no request to the site', async () => {
    const { id } = await admin<{ id: string }>('POST', '/api/admin/campaigns', {
      name: 'Cloned portal',
      language_code: 'en',
      phishing: {},
      awareness: { content: 'This was a simulated phishing exercise.' },
      navigation: ['awareness'],
    });
    await admin('POST', `/api/admin/campaigns/${id}/import-site`, { url: site.pageUrl });
    const rid = await recipientOf(id, 'email,first_name\npat@example.com,Pat');
    site.requests.length = 0;
    const { context } = await openAsRecipient(rid);
    expect(site.requests).toEqual([]);
    await context.close();
  });

  it("GoPhish's cloned page: variables filled, styled from Hookwise, no request to the site", async () => {
    const page = { name: 'Portal', html: site.gophishHtml, capture_credentials: false, redirect_url: '' };
    const imported = await admin<{ campaigns: { campaign: { id: string } }[] }>(
      'POST',
      '/api/admin/import/gophish',
      {
        page,
      },
    );
    const id = imported.campaigns[0]!.campaign.id;
    await admin('POST', `/api/admin/campaigns/${id}/launch`, {});
    const rid = await recipientOf(id, 'email,first_name\nana@example.com,Ana');
    site.requests.length = 0;
    const { tab, context } = await openAsRecipient(rid);
    await expect.poll(() => tab.locator('#banner').innerText()).toBe('Welcome Ana');
    expect(site.requests).toEqual([]);
    await context.close();
  });
});
