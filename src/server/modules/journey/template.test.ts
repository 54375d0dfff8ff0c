import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '@server/test/harness';
import { MINIMAL_CAMPAIGN, seedCampaign } from '@server/test/campaign-fixtures';
import { renderLandingTemplate, renderTemplate } from './template';

const TARGETS = { next: '/phish/awareness?rid=r', beacon: '/api/beacon/r' };
const NOBODY = { first_name: '', last_name: '', email: '', department: '', rid: 'r', link: '/phish?rid=r' };
const ours = (html: string) => html.indexOf('<script>(function () {');

describe('our script goes before anything of the template', () => {
  it.each([
    ['after the doctype, before a script ahead of <head>', '<!DOCTYPE html><script>t()</script><html><head>'],
    ['after leading comments and the doctype', '<!-- saved --> <!doctype html><html lang="de"><head>'],
    ['at the start without a doctype', '<script>t()</script><p>x</p>'],
    ['at the start of a fragment', '<p>x</p>'],
  ])('%s', (_label, html) => {
    const page = renderLandingTemplate(html, TARGETS, NOBODY);
    expect(ours(page)).toBeGreaterThanOrEqual(0);
    expect(ours(page)).toBeLessThanOrEqual(html.search(/<script>t|<html|<p>/i));
    // The template itself is kept whole, after ours.
    expect(page.endsWith(html.slice(html.search(/<script>t|<html|<p>/i)))).toBe(true);
  });

  it('keeps the doctype first, so the page stays in standards mode', () => {
    expect(renderTemplate('<!doctype html><p>x</p>')).toMatch(/^<!doctype html><script>/);
  });

  it('cannot be closed early by what it carries', () => {
    const page = renderLandingTemplate('<p>x</p>', { next: '/x?rid=</script><b>', beacon: '/b' }, NOBODY);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('variables filled for where they stand, as GoPhish escapes them', () => {
  const person = {
    ...NOBODY,
    first_name: '<b>Bob</b> "O\'Neil"',
    email: 'bob+test@corp.example',
    link: '/phish?rid=r&x=1',
  };
  /** The template as served, without our script ahead of it. */
  const fill = (html: string) => {
    const page = renderLandingTemplate(html, TARGETS, person);
    return page.slice(page.indexOf('</script>') + '</script>'.length);
  };

  it('finds where a variable stands after letters that grow when lower-cased', () => {
    // "İ" is two characters lower-cased: the script around the variable is still found.
    expect(fill('<p>İİİİ</p><SCRIPT>var who = "{{first_name}}";</SCRIPT>')).toContain(
      'var who = "\\u003cb\\u003eBob',
    );
  });

  it('escapes HTML in text and in attributes', () => {
    expect(fill('<p>Hi {{first_name}}</p><input value="{{first_name}}">')).toBe(
      '<p>Hi &#60;b&#62;Bob&#60;/b&#62; &#34;O&#39;Neil&#34;</p><input value="&#60;b&#62;Bob&#60;/b&#62; &#34;O&#39;Neil&#34;">',
    );
  });

  it('percent-encodes a value inside a URL, and keeps the link a link', () => {
    expect(fill('<a href="https://x.example/?e={{email}}">x</a><a href="{{link}}">again</a>')).toBe(
      '<a href="https://x.example/?e=bob%2Btest%40corp.example">x</a><a href="/phish?rid=r&#38;x=1">again</a>',
    );
  });

  it('writes a JavaScript string inside a script: the value never ends the string or the script', () => {
    const page = fill('<script>var who = "{{first_name}}"; var raw = {{first_name}};</script>');
    expect(page).toBe(
      '<script>var who = "\\u003cb\\u003eBob\\u003c/b\\u003e \\u0022O\\u0027Neil\\u0022"; var raw = "\\u003cb\\u003eBob\\u003c/b\\u003e \\u0022O\\u0027Neil\\u0022";</script>',
    );
    // As the browser runs it: both read the name exactly.
    const ran = runInNewContext(`${page.replace(/<\/?script>/g, '')}; [who, raw]`) as string[];
    expect(ran).toEqual([person.first_name, person.first_name]);
  });
});

describeEachDatabase('GET /phish?rid= with a template', (get) => {
  let seeded: Awaited<ReturnType<typeof seedCampaign>>;
  const TEMPLATE =
    '<!doctype html><html lang="en"><head><title>Contoso</title></head><body><form></form></body></html>';

  beforeAll(async () => {
    seeded = await seedCampaign(get().database.db, {
      ...MINIMAL_CAMPAIGN,
      phishing: { template_html: TEMPLATE },
      navigation: ['sei', 'awareness'],
    });
  });

  const landing = (rid: string) => get().app.inject({ method: 'GET', url: `/phish?rid=${rid}` });

  it('is the template itself, top-level, under a sandboxing policy, with our script first', async () => {
    const rid = seeded.recipients[0]!.rid;
    const res = await landing(rid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']).split('; ');
    expect(csp).toEqual(
      expect.arrayContaining([
        'sandbox allow-scripts allow-forms',
        "form-action 'none'",
        "connect-src 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(csp.join('; ')).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups|allow-modals/);
    expect(res.body.indexOf("addEventListener('submit'")).toBeLessThan(res.body.indexOf('<html'));
    // The next step is the campaign's first, and the beacon is this rid's.
    expect(res.body).toContain(JSON.stringify(`/phish/sei?rid=${rid}`));
    expect(res.body).toContain(JSON.stringify(`/api/beacon/${rid}`));
    const events = await get()
      .database.db.selectFrom('events')
      .select('type')
      .where('recipient_id', '=', seeded.recipients[0]!.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['visited']);
  });

  it('leads to completion when the campaign has no steps', async () => {
    const { recipients } = await seedCampaign(get().database.db, {
      ...MINIMAL_CAMPAIGN,
      phishing: { template_html: TEMPLATE },
      navigation: [],
    });
    const res = await landing(recipients[0]!.rid);
    expect(res.body).toContain(JSON.stringify(`/campaign/campaign-completed?rid=${recipients[0]!.rid}`));
  });

  it('is the app, not the template, without a template, for a closed campaign or a bad rid', async () => {
    const { db } = get().database;
    const plain = await seedCampaign(db, MINIMAL_CAMPAIGN);
    const ended = await seedCampaign(
      db,
      { ...MINIMAL_CAMPAIGN, phishing: { template_html: TEMPLATE } },
      { ended_at: new Date().toISOString() },
    );
    for (const rid of [plain.recipients[0]!.rid, ended.recipients[0]!.rid, 'x'.repeat(30), '']) {
      const res = await landing(rid);
      expect(res.body, rid).not.toContain('Contoso');
      expect(String(res.headers['content-security-policy']), rid).not.toContain('sandbox');
    }
    const steps = await get().app.inject({
      method: 'GET',
      url: `/phish/sei?rid=${seeded.recipients[0]!.rid}`,
    });
    expect(steps.body).not.toContain('Contoso');
  });
});
