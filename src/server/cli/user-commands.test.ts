/**
 * `hookwise user …` through the real binary: the first owner of a tenant, list, roles, a
 * password reset from stdin that also ends a lockout, disabling, and a two-step sign-in reset.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { findUserId, signIn } from '../modules/accounts/accounts.service';
import { confirmEnrolment, startEnrolment } from '../modules/accounts/mfa.service';

const bin = path.resolve(import.meta.dirname, '../../../bin/hookwise.js');
const dir = mkdtempSync(path.join(tmpdir(), 'hookwise-users-'));
const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/cli.db`, NODE_ENV: 'test' };

function hookwise(args: string[], input?: string) {
  const result = spawnSync('node', [bin, ...args], { env, input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cliConfig = () =>
  loadConfig({ ...env, POLL_TOKEN_SECRET: 'x'.repeat(32), PSEUDONYM_KEY: 'y'.repeat(32) });

async function canSignIn(email: string, password: string): Promise<string> {
  const config = cliConfig();
  const database = openDatabase(`sqlite:${dir}/cli.db`);
  try {
    await signIn(database.db, config, { email, password });
    return 'signed in';
  } catch (error) {
    return (error as { code?: string }).code ?? 'error';
  } finally {
    await database.close();
  }
}

describe('hookwise user', () => {
  it(
    'creates, lists, changes roles, resets passwords and disables console users',
    { timeout: 60_000 },
    async () => {
      const tenant = JSON.parse(hookwise(['tenant', 'create', 'Acme', '--json']).stdout) as {
        tenant_id: string;
      };
      const created = hookwise([
        'user',
        'create',
        'Ana@Example.com',
        '--tenant',
        tenant.tenant_id,
        '--role',
        'owner',
      ]);
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('User:     ana@example.com (owner)');
      const password = /Password: (\S+)/.exec(created.stdout)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(await canSignIn('ana@example.com', password)).toBe('signed in');

      const again = hookwise(['user', 'create', 'ana@example.com', '--tenant', tenant.tenant_id]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('A user with this email exists');
      const weak = hookwise(
        ['user', 'create', 'bo@example.com', '--tenant', tenant.tenant_id, '--password-stdin'],
        'short\n',
      );
      expect(weak.code).toBe(1);

      const bo = hookwise(
        [
          'user',
          'create',
          'bo@example.com',
          '--tenant',
          tenant.tenant_id,
          '--role',
          'viewer',
          '--password-stdin',
        ],
        'a password from stdin\n',
      );
      expect(bo.stdout).not.toContain('Password:');
      const list = JSON.parse(hookwise(['user', 'list', '--json']).stdout) as {
        email: string;
        role: string;
      }[];
      expect(list.map((u) => `${u.email} ${u.role}`)).toEqual([
        'ana@example.com owner',
        'bo@example.com viewer',
      ]);

      expect(hookwise(['user', 'set-role', 'bo@example.com', 'operator']).stdout).toBe(
        'bo@example.com is now operator\n',
      );
      expect(hookwise(['user', 'set-role', 'ana@example.com', 'viewer']).stderr).toContain(
        'at least one active owner',
      );

      // Locked out by failures, back in with a reset from the CLI.
      for (let i = 0; i < 5; i++) await canSignIn('bo@example.com', 'wrong');
      expect(await canSignIn('bo@example.com', 'a password from stdin')).toBe('account_locked');
      hookwise(['user', 'reset-password', 'bo@example.com', '--password-stdin'], 'a brand new password\n');
      expect(await canSignIn('bo@example.com', 'a brand new password')).toBe('signed in');

      expect(hookwise(['user', 'disable', 'bo@example.com']).stdout).toBe('bo@example.com is disabled\n');
      expect(await canSignIn('bo@example.com', 'a brand new password')).toBe('invalid_credentials');
      hookwise(['user', 'disable', 'bo@example.com', '--enable']);
      expect(await canSignIn('bo@example.com', 'a brand new password')).toBe('signed in');
    },
  );

  it('resets a lost phone: two-step sign-in off, and in the audit log', { timeout: 60_000 }, async () => {
    const tenant = JSON.parse(hookwise(['tenant', 'create', 'Phoneless', '--json']).stdout) as {
      tenant_id: string;
    };
    hookwise(
      ['user', 'create', 'cy@example.com', '--tenant', tenant.tenant_id, '--password-stdin'],
      'a password of cy\n',
    );
    const database = openDatabase(`sqlite:${dir}/cli.db`);
    try {
      const { id } = await findUserId(database.db, 'cy@example.com');
      const { secret } = await startEnrolment(database.db, cliConfig(), id);
      await confirmEnrolment(database.db, cliConfig(), id, await generate({ secret }));
    } finally {
      await database.close();
    }
    expect(await canSignIn('cy@example.com', 'a password of cy')).toBe('mfa_required');

    const reset = hookwise(['user', 'reset-mfa', 'cy@example.com']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toBe('Two-step sign-in of cy@example.com is off: they can set it up again\n');
    expect(await canSignIn('cy@example.com', 'a password of cy')).toBe('signed in');
    expect(hookwise(['user', 'reset-mfa', 'nobody@example.com']).code).toBe(1);
    const audit = openDatabase(`sqlite:${dir}/cli.db`);
    try {
      const rows = await audit.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('tenant_id', '=', tenant.tenant_id)
        .execute();
      expect(rows).toContainEqual({ action: 'user.mfa_reset', actor: `cli:${userInfo().username}` });
    } finally {
      await audit.close();
    }
  });
});
