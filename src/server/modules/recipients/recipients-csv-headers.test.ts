import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportReport, RecipientPage } from '@shared/admin-api';
import { importCampaign, importCsv, newTenant } from '@server/test/admin-fixtures';
import { cliSandbox } from '@server/test/cli-sandbox';
import { describeEachDatabase } from '@server/test/harness';

/** A group CSV as people write them for GoPhish: its header spellings, `Name <address>`, IDNs. */
const GOPHISH_CSV = [
  'First Name,last_name,E-mail Address,Position',
  'Jürgen,Müller,jürgen.müller@beispiel.de,Einkauf',
  '"Jana","Novak","Jana Novak <Jana.Novak@Firma.example>",Clerk',
  'Zoë,Ng,zoe@xn--bcher-kva.example,Buyer',
  'Ann,Lee,ann@bücher.example,',
].join('\n');

describeEachDatabase("recipients CSV read by GoPhish's rules", (get) => {
  it('matches headers loosely, takes Name <address> apart, accepts international addresses', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    const res = await importCsv(h, tenant, id, GOPHISH_CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ rows: 4, accepted: 4, rejected: [] });
    const page = (
      await h.admin.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${id}/recipients`,
        headers: tenant.headers,
      })
    ).json<RecipientPage>();
    expect(page.items.map((r) => [r.email, r.first_name, r.department]).sort()).toEqual([
      ['ann@bücher.example', 'Ann', null],
      ['jana.novak@firma.example', 'Jana', 'Clerk'],
      ['jürgen.müller@beispiel.de', 'Jürgen', 'Einkauf'],
      ['zoe@xn--bcher-kva.example', 'Zoë', 'Buyer'],
    ]);
  });

  it.each([
    ['Name,Phone\nAna,123\n', 'The CSV has no email column: its header (Name, Phone) names none of'],
    ['First Name,Position\n', 'The CSV has no email column: its header (First Name, Position)'],
    ['\n\n', 'The CSV is empty'],
  ])('refuses a CSV with no email column in words: %j', async (csv, words) => {
    const h = get();
    const tenant = await newTenant(h);
    const id = await importCampaign(h, tenant);
    const res = await importCsv(h, tenant, id, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'invalid_csv',
    });
    expect(res.json<{ error: { message: string } }>().error.message).toContain(words);
  });
});

describe('hookwise recipients import', { timeout: 120_000 }, () => {
  it("reads GoPhish's headers, and exits non-zero in words on a CSV without an email column", () => {
    const { hookwise, file, databaseUrl } = cliSandbox('recipients-gophish');
    const tenant = JSON.parse(hookwise('tenant', 'create', 'T', '--json')) as { tenant_id: string };
    const campaignFile = file(
      'campaign.json',
      JSON.stringify({ name: 'C', phishing: {}, awareness: { content: 'x' } }),
    );
    const campaign = JSON.parse(
      hookwise('campaign', 'import', campaignFile, '--tenant', tenant.tenant_id, '--json'),
    ) as { id: string };
    const out = hookwise('recipients', 'import', file('group.csv', GOPHISH_CSV), '--campaign', campaign.id);
    expect(out).toContain('Rows read: 4, accepted: 4, rejected: 0');

    const bin = path.resolve(import.meta.dirname, '../../../../bin/hookwise.js');
    const refused = spawnSync(
      'node',
      [bin, 'recipients', 'import', file('people.csv', 'Name,Phone\nAna,123\n'), '--campaign', campaign.id],
      { env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' }, encoding: 'utf8' },
    );
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('The CSV has no email column: its header (Name, Phone)');
    expect(refused.stdout).not.toContain('Rows read');
  });
});
