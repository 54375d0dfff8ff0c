/**
 * A real IMAP server for tests: Debian's Dovecot (dovecot-imapd), started as a child process on
 * a free port with its own configuration, users and mail in a temporary folder, stopped after.
 * Absent and not required (REQUIRE_IMAP unset), the tests that need it are skipped with a loud
 * SKIPPED line (global-setup.ts); required, they fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT = '/usr/sbin/dovecot';
export const dovecotInstalled = existsSync(DOVECOT);

export interface Dovecot {
  port: number;
  user: string;
  password: string;
  /** A connected client of the mailbox, for the test to put messages in and look. */
  client(): Promise<ImapFlow>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function config(dir: string, port: number): string {
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('dovecot did not start listening');
}

export async function startDovecot(): Promise<Dovecot> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-dovecot-'));
  // Dovecot drops to its own users: they must be able to reach the folder.
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'home']) mkdirSync(path.join(dir, sub));
  const user = 'reports@acme.example';
  const password = 'mailbox-password-1';
  writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`);
  const port = await freePort();
  writeFileSync(path.join(dir, 'dovecot.conf'), config(dir, port));
  await new Promise<void>((resolve, reject) => {
    spawn('chown', ['-R', 'dovecot', path.join(dir, 'home')]).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('chown failed')),
    );
  });
  const child = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    port,
    user,
    password,
    client: async () => {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user, pass: password },
        logger: false,
      });
      await client.connect();
      return client;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
