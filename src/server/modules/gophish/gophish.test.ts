import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendingProgress } from '@shared/sending';
import { newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { drain, sinkProfile, testWorker } from '@server/test/sending-fixtures';
import { startSmtpSink, type SmtpSink } from '@server/test/smtp-sink';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const json = (name: string): unknown => JSON.parse(readFileSync(fixture(name), 'utf8'));

interface ImportAnswer {
  campaigns: { campaign: { id: string; status: string; name: string }; recipients: number }[];
  report: { mapped: string[]; dropped: string[]; attention: string[] };
}

describeEachDatabase('moving from GoPhish', (get) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());

  it('imports a template, page and group into a campaign that sends and works, reporting every unmapped item', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/import/gophish',
      headers: tenant.headers,
      payload: { template: json('template.json'), page: json('page.json'), group: json('group.json') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<ImportAnswer>();
    expect(answer.campaigns).toHaveLength(1);
    expect(answer.campaigns[0]!.campaign).toMatchObject({ status: 'draft', name: 'Password expiry' });
    expect(answer.campaigns[0]!.recipients).toBe(2);
    const { mapped, dropped, attention } = answer.report;
    expect(mapped).toEqual(
      expect.arrayContaining([
        'template "Password expiry" text: {{.FirstName}} → {{first_name}}',
        'template "Password expiry" html: {{.URL}} → {{link}}',
        'template "Password expiry" text: {{.Position}} → {{department}}',
        'landing page "O365 sign-in": redirect URL',
      ]),
    );
    expect(dropped.join('\n')).toMatch(/\{\{\.Tracker\}\}/);
    expect(dropped.join('\n')).toMatch(/attachment policy\.pdf/);
    expect(dropped.join('\n')).toMatch(/credential capture ignored/);
    expect(attention.join('\n')).toMatch(/\/static\/logo\.png/);
    expect(attention.join('\n')).toMatch(/\/static\/o365\.css/);
    expect(attention.join('\n')).toMatch(/\{\{\.From\}\}/);
    expect(attention.join('\n')).toMatch(/"not-an-address" is not an email address/);

    // Launch it and send it: a working campaign.
    const id = answer.campaigns[0]!.campaign.id;
    const launch = await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/launch`,
      headers: tenant.headers,
      payload: {},
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const profileId = await sinkProfile(h, tenant.headers, sink, 'b@corp-it.example');
    await h.admin.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/sending`,
      headers: tenant.headers,
      payload: { profile_id: profileId, rate_per_minute: 60_000 },
    });
    const worker = testWorker(h);
    await drain(worker, async () =>
      (
        await h.admin.inject({
          method: 'GET',
          url: `/api/admin/campaigns/${id}/sending`,
          headers: tenant.headers,
        })
      ).json<SendingProgress>(),
    );
    await worker.stop();
    const alice = sink.received.find((m) => m.to === 'alice@finance.example')!;
    expect(alice.subject).toBe('Alice, your password expires today');
    expect(alice.from).toMatch(/IT Helpdesk.*<helpdesk@corp-it\.example>/);
    expect(alice.text).toContain('Hi Alice Archer,');
    expect(alice.text).toContain('IT (Controller)');
    expect(alice.html).not.toMatch(/\{\{|<img src=""/);
    const rid = /phish\?rid=([A-Za-z0-9_-]+)/.exec(alice.html)![1]!;
    // The landing page is the GoPhish page, served as the operator's template.
    const page = await h.app.inject({ method: 'GET', url: `/phish?rid=${rid}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in');
  });

  it('reads a GoPhish group CSV', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/import/gophish',
      headers: tenant.headers,
      payload: { template: json('template.json'), group_csv: readFileSync(fixture('group.csv'), 'utf8') },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportAnswer>().campaigns[0]!.recipients).toBe(2);
  });

  it('refuses an item that cannot be a campaign in plain words, naming it, and stores nothing', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const template = {
      ...(json('template.json') as object),
      name: 'Long one',
      subject: 'Urgent '.repeat(50),
    };
    const res = await h.admin.inject({
      method: 'POST',
      url: '/api/admin/import/gophish',
      headers: tenant.headers,
      payload: { template, page: json('page.json'), group: json('group.json') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Invalid template: “Long one” cannot be imported: its subject is longer than 300 characters',
      },
    });
    const campaigns = await h.admin.inject({
      method: 'GET',
      url: '/api/admin/campaigns',
      headers: tenant.headers,
    });
    expect(JSON.stringify(campaigns.json())).not.toContain('Long one');
  });
});

describe('hookwise import gophish', { timeout: 120_000 }, () => {
  it('imports the files and prints the report', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-gophish-cli-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test' };
    const bin = path.resolve(import.meta.dirname, '../../../../bin/hookwise.js');
    const run = (...args: string[]) => promisify(execFile)('node', [bin, ...args], { env });
    const tenant = JSON.parse((await run('tenant', 'create', 'T', '--json')).stdout) as { tenant_id: string };
    const { stdout } = await run(
      'import',
      'gophish',
      '--tenant',
      tenant.tenant_id,
      '--template',
      fixture('template.json'),
      '--page',
      fixture('page.json'),
      '--group',
      fixture('group.csv'),
    );
    expect(stdout).toMatch(/^Imported draft campaign \S+ \(Password expiry\) with 2 recipients/);
    expect(stdout).toContain('Dropped:\n');
    expect(stdout).toContain(
      'template "Password expiry" attachment policy.pdf: Hookwise sends no attachments',
    );
    expect(stdout).toContain('Needs attention:\n');
  });

  it('imports arrays and sending profiles, and exits non-zero in words on a file of the wrong kind', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-gophish-cli-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test' };
    const bin = path.resolve(import.meta.dirname, '../../../../bin/hookwise.js');
    const run = (...args: string[]) => spawnSync('node', [bin, ...args], { env, encoding: 'utf8' });
    const tenant = JSON.parse(run('tenant', 'create', 'T', '--json').stdout) as { tenant_id: string };
    const ok = run(
      'import',
      'gophish',
      '--tenant',
      tenant.tenant_id,
      '--template',
      fixture('templates.json'),
      '--smtp',
      fixture('smtp.json'),
    );
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Imported draft campaign \S+ \(Parcel held\) with 0 recipients\n/);
    expect(ok.stdout).toMatch(/\nImported draft campaign \S+ \(Shared document\) with 0 recipients\n/);
    expect(ok.stdout).toMatch(/\nImported sending profile \S+ \(Relay\)\n/);
    expect(ok.stdout).toContain('\nAdded email template 1 (Parcel held) to the library\n');
    expect(ok.stdout).toContain('\nAdded email template 2 (Shared document) to the library\n');
    // The same file again: the library's templates are kept, and the CLI says so.
    const again = run(
      'import',
      'gophish',
      '--tenant',
      tenant.tenant_id,
      '--template',
      fixture('templates.json'),
    );
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      "\nKept the library's email template 1 (Parcel held): one of this name was there already\n",
    );
    expect(again.stdout).toContain(
      '  - template "Parcel held": the library already has a template of this name: it was kept as it is, not replaced',
    );
    expect(ok.stdout).toContain(
      '  - sending profile "Relay": the password in GoPhish\'s file was not taken: enter it in the sending profile',
    );
    expect(ok.stdout).not.toContain('hunter2');

    const wrong = run('import', 'gophish', '--tenant', tenant.tenant_id, '--template', fixture('pages.json'));
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toContain(
      `--template ${fixture('pages.json')}: item 1: this is GoPhish's JSON for a landing page, not an e-mail template: give it as "page"`,
    );
    const none = run('import', 'gophish', '--tenant', tenant.tenant_id, '--group', fixture('group.csv'));
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain(
      'give a template, a landing page, a sending profile (SMTP) or a campaign to import',
    );
  });
});
