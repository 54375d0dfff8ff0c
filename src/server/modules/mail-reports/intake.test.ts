/**
 * Reports coming in as a mail team sets them up, against real servers: a Dovecot IMAP mailbox
 * read by Hookwise (every message, read or not; processed ones moved, unreadable ones left in
 * the inbox unread; a connection dropped mid-batch loses nothing and reads nothing twice), and
 * the SMTP intake fed by nodemailer (only its addresses, only allowed senders, 250 once stored).
 */
import { readFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type { ImapFlow } from 'imapflow';
import { newTenant, type TestTenant } from '@server/test/admin-fixtures';
import { dovecotInstalled, startDovecot, type Dovecot } from '@server/test/dovecot';
import { describeEachDatabase, type Harness } from '@server/test/harness';
import { actingAs, SYSTEM_ACTOR } from '../audit/actor-context';
import { readMailbox } from './imap-intake';
import { smtpIntakeServer } from './smtp-intake';

const fixture = (name: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
    readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'),
  );

async function setIntake(h: Harness, tenant: TestTenant, port: number, dovecot: Dovecot) {
  const res = await h.admin.inject({
    method: 'PUT',
    url: '/api/admin/mail-intake',
    headers: tenant.headers,
    payload: {
      imap: {
        enabled: true,
        host: '127.0.0.1',
        port,
        tls: false,
        user: dovecot.user,
        password: dovecot.password,
        folder: 'INBOX',
        processed_folder: 'Processed',
      },
      smtp: { addresses: [], allowed_domains: [] },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ imap: { password_set: boolean } }>().imap.password_set).toBe(true);
  expect(res.body).not.toContain(dovecot.password);
}

async function emptyMailbox(client: ImapFlow) {
  for (const folder of ['INBOX', 'Processed']) {
    const status = await client.status(folder, { messages: true }).catch(() => false as const);
    if (!status || !status.messages) continue;
    const lock = await client.getMailboxLock(folder);
    try {
      await client.messageDelete('1:*');
    } finally {
      lock.release();
    }
  }
}

async function subjectsIn(client: ImapFlow, folder: string) {
  const lock = await client.getMailboxLock(folder);
  try {
    const out: { subject: string; seen: boolean }[] = [];
    const status = await client.status(folder, { messages: true });
    if (!status || !status.messages) return out;
    for await (const m of client.fetch('1:*', { envelope: true, flags: true })) {
      out.push({ subject: m.envelope?.subject ?? '', seen: m.flags?.has('\\Seen') ?? false });
    }
    return out.sort((a, b) => a.subject.localeCompare(b.subject));
  } finally {
    lock.release();
  }
}

const read = (h: Harness, tenant: TestTenant) =>
  actingAs(SYSTEM_ACTOR, () => readMailbox(h.database.db, h.config, tenant.tenantId));

/** A TCP proxy to the IMAP server that can cut the line when the client sends a given command. */
function cuttingProxy(target: number) {
  let cutOn: { text: string; count: number } | undefined;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    let seen = 0;
    client.on('data', (chunk: Buffer) => {
      if (cutOn && chunk.toString('latin1').includes(cutOn.text) && ++seen >= cutOn.count) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const s of [client, upstream]) s.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        }),
      ),
    cutOn: (text: string | undefined, count = 1) => {
      cutOn = text === undefined ? undefined : { text, count };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!dovecotInstalled)('the IMAP report mailbox (Dovecot)', () => {
  let dovecot: Dovecot;
  let client: ImapFlow;
  beforeAll(async () => {
    dovecot = await startDovecot();
    client = await dovecot.client();
  }, 30_000);
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await dovecot?.stop();
  });

  describeEachDatabase('reading', (get) => {
    it('reads every message, read or not, moves what it read, leaves the unreadable one unread', async () => {
      const h = get();
      await emptyMailbox(client);
      const tenant = await newTenant(h);
      await setIntake(h, tenant, dovecot.port, dovecot);
      await client.append('INBOX', fixture('gmail-forward.eml'));
      // Someone opened this one in their mail client first: it is still a report.
      await client.append(
        'INBOX',
        fixture('real-phish-wrapped.eml', { REPORTER: 'ana@acme.example', REPORT_ID: 'a' }),
        ['\\Seen'],
      );
      await client.append('INBOX', 'Subject: Broken\r\n\r\n' + 'x'.repeat(10));
      await client.append('INBOX', '\u0000\u0001 not mail');

      const first = await read(h, tenant);
      expect(first).toEqual({ read: 4, moved: 3, failed: 1 });
      expect((await subjectsIn(client, 'INBOX')).length).toBe(1);
      expect((await subjectsIn(client, 'INBOX'))[0]?.seen).toBe(false);
      expect((await subjectsIn(client, 'Processed')).map((m) => m.subject)).toEqual([
        'Broken',
        'FW: Action required: password expires today',
        'Fwd: DHL: your parcel is waiting',
      ]);
      const reports = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-reports',
        headers: tenant.headers,
      });
      const outcomes = reports.json<{ reports: { outcome: string; error: string | null }[] }>().reports;
      expect(outcomes.map((r) => r.outcome).sort()).toEqual(['failed', 'no_urls', 'queued', 'queued']);
      expect(outcomes.find((r) => r.outcome === 'failed')?.error).toBe(
        'This is not an e-mail message (no header block)',
      );

      // Read again: the failed one is not read twice, nothing else is there.
      expect(await read(h, tenant)).toEqual({ read: 0, moved: 0, failed: 1 });
      const again = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-reports',
        headers: tenant.headers,
      });
      expect(again.json<{ reports: unknown[] }>().reports).toHaveLength(4);
    });

    it('loses nothing and reads nothing twice when the connection drops mid-batch', async () => {
      const h = get();
      await emptyMailbox(client);
      const tenant = await newTenant(h);
      const proxy = cuttingProxy(dovecot.port);
      const port = await proxy.listen();
      await setIntake(h, tenant, port, dovecot);
      for (const who of ['ana', 'ben', 'cho']) {
        await client.append(
          'INBOX',
          fixture('real-phish-wrapped.eml', { REPORTER: `${who}@acme.example`, REPORT_ID: who }),
        );
      }
      // The second message is read and stored, then the line drops as it is being moved.
      proxy.cutOn('UID MOVE', 2);
      await expect(read(h, tenant)).rejects.toThrow();
      const intake = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-intake',
        headers: tenant.headers,
      });
      expect(intake.json<{ imap: { last_error: string | null } }>().imap.last_error).toBeTruthy();

      proxy.cutOn(undefined);
      const second = await read(h, tenant);
      expect(second).toEqual({ read: 1, moved: 2, failed: 0 });
      expect(await subjectsIn(client, 'INBOX')).toEqual([]);
      expect(await subjectsIn(client, 'Processed')).toHaveLength(3);
      const clusters = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-reports/clusters',
        headers: tenant.headers,
      });
      expect(clusters.json<{ clusters: { reports: number; reporters: number }[] }>().clusters).toEqual([
        expect.objectContaining({ reports: 3, reporters: 3 }),
      ]);
      const cleared = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-intake',
        headers: tenant.headers,
      });
      expect(cleared.json<{ imap: { last_error: string | null } }>().imap.last_error).toBeNull();
      await proxy.close();
    });

    it('says in words why a mailbox cannot be read', async () => {
      const h = get();
      const tenant = await newTenant(h);
      await setIntake(h, tenant, dovecot.port, { ...dovecot, password: 'not-the-password' });
      await expect(read(h, tenant)).rejects.toThrow();
      const intake = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-intake',
        headers: tenant.headers,
      });
      expect(intake.json<{ imap: { last_error: string } }>().imap.last_error).toBe(
        'The mail server refused the user name or password',
      );
    });
  });
});

describeEachDatabase('the SMTP intake', (get) => {
  it('takes reports for its addresses from allowed senders, and refuses the rest', async () => {
    const h = get();
    const tenant = await newTenant(h);
    const put = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/mail-intake',
      headers: tenant.headers,
      payload: {
        imap: { enabled: false, host: null, port: null, tls: true, user: null },
        smtp: { addresses: ['Phishing@Acme.example'], allowed_domains: [] },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const logs = { info: () => undefined, warn: () => undefined };
    const server = smtpIntakeServer(h.database.db, logs);
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      const sent = await transport.sendMail({
        envelope: { from: 'lucia.rossi@acme.example', to: 'phishing@acme.example' },
        raw: fixture('gmail-forward.eml'),
      });
      expect(sent.accepted).toEqual(['phishing@acme.example']);
      const reports = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-reports',
        headers: tenant.headers,
      });
      expect(reports.json<{ reports: { source: string; outcome: string }[] }>().reports).toEqual([
        expect.objectContaining({ source: 'smtp', outcome: 'queued' }),
      ]);

      await expect(
        transport.sendMail({
          envelope: { from: 'someone@elsewhere.example', to: 'phishing@acme.example' },
          raw: fixture('gmail-forward.eml'),
        }),
      ).rejects.toThrow(/550/);
      await expect(
        transport.sendMail({
          envelope: { from: 'lucia.rossi@acme.example', to: 'nobody@acme.example' },
          raw: fixture('gmail-forward.eml'),
        }),
      ).rejects.toThrow(/550/);
      const after = await h.admin.inject({
        method: 'GET',
        url: '/api/admin/mail-reports',
        headers: tenant.headers,
      });
      expect(after.json<{ reports: unknown[] }>().reports).toHaveLength(1);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives an address to one organisation only', async () => {
    const h = get();
    const a = await newTenant(h, 'A');
    const b = await newTenant(h, 'B');
    const payload = {
      imap: { enabled: false, host: null, port: null, tls: true, user: null },
      smtp: { addresses: ['reports@shared.example'], allowed_domains: [] },
    };
    expect(
      (await h.admin.inject({ method: 'PUT', url: '/api/admin/mail-intake', headers: a.headers, payload }))
        .statusCode,
    ).toBe(200);
    const clash = await h.admin.inject({
      method: 'PUT',
      url: '/api/admin/mail-intake',
      headers: b.headers,
      payload,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ error: { code: string } }>().error.code).toBe('intake_address_taken');
  });
});
