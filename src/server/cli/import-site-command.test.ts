/** `hookwise campaign import-site`: the same import as the API, in words at a terminal. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloneSite, type CloneSite } from '@server/test/clone-site';

const exec = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-import-site-cli-'));
const base = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test' };
const hookwise = (env: Record<string, string>, ...args: string[]) =>
  exec('node', [bin, ...args], { env: { ...base, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('hookwise campaign import-site', { timeout: 120_000 }, () => {
  let site: CloneSite;
  beforeAll(async () => {
    site = await startCloneSite();
  });
  afterAll(() => site?.close());

  it("sets the page as the campaign's landing page and says what was stored and what was not", async () => {
    const tenant = JSON.parse((await hookwise({}, 'tenant', 'create', 'T', '--json')).stdout) as {
      tenant_id: string;
    };
    const file = path.join(dir, 'campaign.json');
    writeFileSync(file, JSON.stringify({ name: 'C', phishing: {}, awareness: { content: 'x' } }));
    const made = await hookwise({}, 'campaign', 'import', file, '--tenant', tenant.tenant_id, '--json');
    const id = (JSON.parse(made.stdout) as { id: string }).id;

    const refused = await hookwise({}, 'campaign', 'import-site', id, site.pageUrl);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('is at 127.0.0.1, a loopback, private or link-local address');

    const done = await hookwise(
      { IMPORT_SITE_ALLOW_PRIVATE: '1' },
      'campaign',
      'import-site',
      id,
      site.pageUrl,
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Imported ${site.pageUrl} as the landing page of campaign ${id}`);
    expect(done.stdout).toContain('Stored with the campaign: 5 stylesheets, images and fonts');
    expect(done.stdout).toContain(
      `${site.origin}/login/js/app.js is a script: scripts of imported pages are not fetched`,
    );
    const exported = await hookwise({}, 'campaign', 'export', id);
    expect(exported.stdout).toContain('/assets/p/');
    expect(exported.stdout).not.toContain(site.origin);

    // GoPhish's cloned page: its files fetched too, unless --no-fetch-assets.
    const page = path.join(dir, 'page.json');
    writeFileSync(page, JSON.stringify({ name: 'Portal', html: site.gophishHtml, redirect_url: '' }));
    const gophish = (...more: string[]) =>
      hookwise(
        { IMPORT_SITE_ALLOW_PRIVATE: '1' },
        'import',
        'gophish',
        '--tenant',
        tenant.tenant_id,
        '--page',
        page,
        ...more,
      );
    const fetched = await gophish();
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout).toContain(
      `landing page "Portal": ${site.origin}/login/css/site.css stored with the campaign and served from Hookwise`,
    );
    const kept = await gophish('--no-fetch-assets');
    expect(kept.stdout).toContain('landing page "Portal": it sets <base href>, which Hookwise ignores');
    expect(kept.stdout).not.toContain('stored with the campaign');
  });
});
