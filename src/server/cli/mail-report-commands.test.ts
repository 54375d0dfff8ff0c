/**
 * `hookwise mail-reports`: the intake set and shown (the password read from a file, never
 * printed), what follows reports, a message handed in from an .eml file, and the list and its
 * clusters — the real binary on a database of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from '../test/cli-sandbox';

const sandbox = cliSandbox('mail-reports');
const hookwise = (...args: string[]) => sandbox.hookwise(...args);
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../modules/mail-reports/fixtures', name), 'utf8');

describe('hookwise mail-reports', () => {
  it('sets and shows the intake, hands in reports and lists them by cluster', { timeout: 180_000 }, () => {
    const { tenant_id: tenant } = JSON.parse(hookwise('tenant', 'create', 'Acme', '--json')) as {
      tenant_id: string;
    };
    expect(hookwise('mail-reports', 'intake', '--tenant', tenant)).toMatch(/^IMAP mailbox: +off$/m);

    const secret = sandbox.file('imap-password.txt', 'the-mailbox-password\n');
    const set = hookwise(
      'mail-reports',
      'intake',
      '--tenant',
      tenant,
      '--imap',
      'on',
      '--imap-host',
      'imap.acme.example',
      '--imap-port',
      '993',
      '--imap-user',
      'phishing@acme.example',
      '--imap-password-file',
      secret,
      '--smtp-addresses',
      'reports@acme.example',
    );
    expect(set).toMatch(
      /^IMAP mailbox: +phishing@acme\.example at imap\.acme\.example:993 \(TLS\), folder INBOX → Processed$/m,
    );
    expect(set).toMatch(/^Password: +set$/m);
    expect(set).toMatch(/^SMTP addresses: +reports@acme\.example$/m);
    expect(set).not.toContain('the-mailbox-password');
    expect(() => hookwise('mail-reports', 'intake', '--tenant', tenant, '--imap-port', '70000')).toThrow(
      /port/,
    );

    const followup = hookwise(
      'mail-reports',
      'followup',
      '--tenant',
      tenant,
      '--reviewers',
      'analyst@acme.example',
    );
    expect(followup).toMatch(/^Reviewers: +analyst@acme\.example$/m);
    expect(followup).toMatch(/^Answers: +off$/m);

    for (const who of ['ana', 'ben']) {
      const eml = sandbox.file(
        `${who}.eml`,
        fixture('real-phish-wrapped.eml')
          .replaceAll('{{REPORTER}}', `${who}@acme.example`)
          .replaceAll('{{REPORT_ID}}', who),
      );
      expect(hookwise('mail-reports', 'ingest', eml, '--tenant', tenant)).toMatch(
        /^Became: +queued$[\s\S]*^URL: +https:\/\/login\.contoso-hr\.example\/keep$/m,
      );
    }
    const clusters = JSON.parse(
      hookwise('mail-reports', 'list', '--tenant', tenant, '--clusters', '--json'),
    ) as {
      cluster: string;
      reporters: number;
    }[];
    expect(clusters.map((c) => c.reporters)).toEqual([2]);
    expect(hookwise('mail-reports', 'list', '--tenant', tenant)).toMatch(/ana@acme\.example +queued/);

    // One verdict for the cluster: its URLs in the blocklist, the cluster shown decided.
    const decided = hookwise('mail-reports', 'decide', clusters[0]!.cluster, 'malicious', '--tenant', tenant);
    expect(decided).toMatch(/^Decided malicious: 3 URL\(s\)$/m);
    expect(decided).toMatch(/^ +https:\/\/login\.contoso-hr\.example\/keep$/m);
    expect(hookwise('mail-reports', 'list', '--tenant', tenant, '--clusters')).toMatch(/ TP\s*$/m);
    expect(() =>
      hookwise('mail-reports', 'decide', clusters[0]!.cluster, 'probably', '--tenant', tenant),
    ).toThrow(/"malicious" or "harmless"/);

    // Reporters pseudonymous from now on: the next report names Cho by a pseudonym.
    expect(hookwise('mail-reports', 'followup', '--tenant', tenant, '--pseudonymous', 'on')).toMatch(
      /^Reporters: +pseudonymous$/m,
    );
    const cho = sandbox.file(
      'cho.eml',
      fixture('real-phish-wrapped.eml')
        .replaceAll('{{REPORTER}}', 'cho@acme.example')
        .replaceAll('{{REPORT_ID}}', 'cho'),
    );
    hookwise('mail-reports', 'ingest', cho, '--tenant', tenant);
    const latest = hookwise('mail-reports', 'list', '--tenant', tenant);
    expect(latest).toMatch(/Reporter [0-9A-F]{4}-[0-9A-F]{4} +queued/);
    expect(latest).not.toContain('cho@acme.example');
  });
});
