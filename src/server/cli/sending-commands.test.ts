/**
 * `hookwise tenant egress-networks` and `hookwise sending …` through the real binary, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL: the commands docs/sending.md and docs/deployment.md
 * show, as written. The check sends through a real SMTP server; a mail gateway's scanner
 * (Microsoft's network, behind the proxy) opens its link while the command watches, and the
 * command reports it with the seconds after delivery.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Allowlist, AllowlistCheck } from '@shared/sending';
import { buildApp } from '../app';
import { openDatabase, type DatabaseConnection } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createProfile } from '../modules/sending/sending-profiles.service';
import { dropSchema, testConfig } from '../test/harness';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';

const exec = promisify(execFile);
const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

interface Target {
  name: string;
  /** DATABASE_URL for the binary, and the same database opened here. */
  url: string;
  open(): DatabaseConnection;
  dispose(): Promise<void>;
}

async function targets(): Promise<Target[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-sending-cli-'));
  const list: Target[] = [
    {
      name: 'sqlite',
      url: `sqlite:${dir}/cli.db`,
      open: () => openDatabase(`sqlite:${dir}/cli.db`),
      dispose: async () => {},
    },
  ];
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const schema = `hw_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const joiner = server.includes('?') ? '&' : '?';
    list.push({
      name: 'postgres',
      url: `${server}${joiner}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      open: () => openDatabase(server, { schema, poolSize: 2 }),
      dispose: async () => {
        await dropSchema(admin, schema);
        await admin.end();
      },
    });
  }
  return list;
}

const all = await targets();

for (const target of all) {
  // Each command starts a process (a second or more under load): generous time per test.
  describe(`hookwise sending and egress networks [${target.name}]`, { timeout: 120_000 }, () => {
    const env = {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hookwise-sending-data-')),
      DATABASE_URL: target.url,
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://phish.example',
    };
    const run = async (...args: string[]) => (await exec('node', [bin, ...args], { env })).stdout;
    const fail = (...args: string[]) =>
      exec('node', [bin, ...args], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
    let database: DatabaseConnection;
    let sink: SmtpSink;
    let tenantId: string;
    let profileId: string;

    beforeAll(async () => {
      sink = await startSmtpSink();
      tenantId = (JSON.parse(await run('tenant', 'create', 'Northwind', '--json')) as { tenant_id: string })
        .tenant_id;
      database = target.open();
      await migrateToLatest(database.db);
      profileId = (
        await createProfile(database.db, testConfig(), tenantId, {
          name: 'Northwind relay',
          host: '127.0.0.1',
          port: sink.port,
          tls: 'none',
          envelope_from: 'bounces@northwind.example',
          headers: {},
        })
      ).id;
    });
    afterAll(async () => {
      await sink?.close();
      await database?.close();
      await target.dispose();
    });

    it('sets, shows and clears the tenant’s own offices and gateways', async () => {
      expect(await run('tenant', 'egress-networks', tenantId)).toBe('(none)\n');
      expect(await run('tenant', 'egress-networks', tenantId, '--set', '203.0.113.0/24,198.51.100.7')).toBe(
        '203.0.113.0/24\n198.51.100.7/32\n',
      );
      expect(JSON.parse(await run('tenant', 'egress-networks', tenantId, '--json'))).toEqual({
        networks: ['203.0.113.0/24', '198.51.100.7/32'],
      });
      const bad = await fail('tenant', 'egress-networks', tenantId, '--set', '203.0.113.0/24,office');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^hookwise: Not a network range: office/);
      expect(await run('tenant', 'egress-networks', tenantId, '--clear')).toBe('(none)\n');
      expect((await fail('tenant', 'egress-networks', 'no-such-tenant')).stderr).toBe(
        'hookwise: Unknown tenant no-such-tenant\n',
      );
    });

    it('lists the profiles and gives each vendor’s values, asking for the relay’s addresses', async () => {
      const profiles = JSON.parse(await run('sending', 'profiles', '--json')) as {
        id: string;
        tenant_id: string;
      }[];
      expect(profiles).toMatchObject([{ id: profileId, tenant_id: tenantId }]);
      const text = await run('sending', 'allowlist', profileId);
      expect(text).toContain('Microsoft Defender portal > Email & collaboration > Policies & rules');
      expect(text).toMatch(/ {2}Domain:\n {4}northwind\.example\n/);
      expect(text).toMatch(
        / {2}Sending IP:\n {4}\(your relay's outbound addresses: ask the provider of 127\.0\.0\.1:/,
      );
      expect(text).toMatch(/ {2}Simulation URLs to allow:\n {4}phish\.example\/\*\n/);
      expect(text).toContain('Email allowlist');
      // As docs/sending.md shows it, then as JSON.
      const filled = await run('sending', 'allowlist', profileId, '--sending-ips', '203.0.113.25');
      expect(filled).toMatch(/ {2}Sending IP:\n {4}203\.0\.113\.25\n/);
      expect(filled).toMatch(/ {2}Email allowlist:\n {4}203\.0\.113\.25\n/);
      expect(filled).not.toContain('outbound addresses: ask');
      const given = JSON.parse(
        await run('sending', 'allowlist', profileId, '--sending-ips', '203.0.113.25', '--json'),
      ) as Allowlist;
      expect(given.vendors.flatMap((v) => v.fields.filter((f) => f.needs_sending_ips))).toEqual([]);
      expect(given.vendors[0]?.fields[1]?.values).toEqual(['203.0.113.25']);
      expect((await fail('sending', 'allowlist', 'no-such-profile')).stderr).toBe(
        'hookwise: Unknown sending profile no-such-profile\n',
      );
    });

    it('sends a check and reports the gateway’s scanner that opens its link while it watches', async () => {
      const gateway = await buildApp(
        { config: testConfig({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://phish.example' }), database },
        { logger: { level: 'silent' } },
      );
      try {
        // The command records the delivery once the relay has answered; a gateway opens the link
        // after that (before it, the command would rightly say the delivery was not yet confirmed).
        const delivered = async () =>
          (
            await database.db
              .selectFrom('allowlist_checks')
              .select('id')
              .where('profile_id', '=', profileId)
              .where('sent_at', 'is not', null)
              .execute()
          ).length;
        const before = sink.received.length;
        const deliveredBefore = await delivered();
        const child = spawn(
          'node',
          [bin, 'sending', 'allowlist', profileId, '--check', 'admin@example.com', '--wait', '6'],
          { env },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

        while (sink.received.length === before) await new Promise((resolve) => setTimeout(resolve, 50));
        while ((await delivered()) === deliveredBefore)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const link = /https:\/\/phish\.example(\/go\/[\w-]{32})/.exec(sink.received[before]?.text ?? '')?.[1];
        expect(link).toBeDefined();
        const visit = await gateway.inject({
          method: 'GET',
          url: link!,
          headers: { 'x-forwarded-for': '40.107.3.4', 'user-agent': BROWSER_UA, accept: 'text/html' },
        });
        expect(visit.statusCode).toBe(200);

        expect(await exited, stderr).toBe(0);
        const lines = stdout.trim().split('\n');
        expect(lines[0]).toMatch(
          /^Sent a check message to admin@example\.com; watching its link until \d\d:\d\d:\d\d UTC\.$/,
        );
        expect(lines.slice(1)).toEqual([
          expect.stringMatching(
            /^A scanner in the network of Microsoft Exchange Online Protection opened it [0-5] s after delivery\.$/,
          ),
          'Allow-listing not yet effective: a scanner opened the link.',
        ]);

        const checks = JSON.parse(await run('sending', 'checks', profileId, '--json')) as AllowlistCheck[];
        expect(checks).toMatchObject([{ to: 'admin@example.com', outcome: 'scanner' }]);
        expect(await run('sending', 'checks', profileId)).toContain(
          'Allow-listing not yet effective: a scanner opened the link.',
        );
      } finally {
        await gateway.close();
      }
    });
  });
}
