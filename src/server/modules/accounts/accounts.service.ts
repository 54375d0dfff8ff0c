/**
 * Console accounts: users of a tenant with a role, passwords hashed with argon2id, sign-in with
 * a per-account lockout, and sessions kept in the database (any number of instances share
 * them). The cookie holds a random token; the database only its SHA-256.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { NewUserBody, Role, User, UserChange } from '@shared/admin-api';
import type { Config } from '@server/config';
import { AppError, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import {
  clearSignInFailures,
  countActiveOwners,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  findSignInFailures,
  findUser,
  findUserByEmail,
  insertSession,
  insertUser,
  listUsers,
  markSignedIn,
  saveSignInFailures,
  touchSession,
  updateUser,
} from './accounts.repository';
import type { Db } from '@server/db/schema';
import { inTransaction } from '@server/db/transaction';
import { audited, recordAudit } from '../audit/audited';
import { localPasswordAllowed } from '../sso/sso-settings.service';
import { secondFactorPasses } from './mfa.service';

/** Failed sign-ins for one address within LOCK_WINDOW before it is locked for LOCK_WINDOW. */
export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60_000;
/** A session's last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

type UserRow = Awaited<ReturnType<typeof findUser>>;

function toUser(row: NonNullable<UserRow>): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled_at !== null,
    created_at: row.created_at,
    last_sign_in_at: row.last_sign_in_at,
    mfa_enabled: row.mfa_enabled_at !== null,
  };
}

export async function createUser(db: Db, tenantId: string, input: NewUserBody): Promise<User> {
  if (await findUserByEmail(db, input.email)) throw conflict('A user with this email exists', 'email_taken');
  const id = newId();
  const passwordHash = await hash(input.password);
  return audited(db, { tenantId, action: 'user.create', target: id }, async (trx) => {
    await insertUser(trx, {
      id,
      tenant_id: tenantId,
      email: input.email,
      name: input.name,
      role: input.role,
      password_hash: passwordHash,
      disabled_at: null,
      last_sign_in_at: null,
      created_at: nowIso(),
    });
    return toUser(await requireUser(trx, tenantId, id));
  });
}

export async function usersOf(db: Db, tenantId: string | undefined): Promise<User[]> {
  return (await listUsers(db, tenantId)).map(toUser);
}

/** The CLI finds users by email across tenants; the API by id within its tenant. */
export async function findUserId(db: Db, email: string): Promise<{ id: string; tenantId: string }> {
  const row = await findUserByEmail(db, email.trim().toLowerCase());
  if (!row) throw notFound(`No user with email ${email}`);
  return { id: row.id, tenantId: row.tenant_id };
}

async function requireUser(db: Db, tenantId: string | undefined, id: string) {
  const row = await findUser(db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

/** A role change or disabling that would leave the tenant without an active owner is refused. */
export async function changeUser(
  db: Db,
  tenantId: string | undefined,
  id: string,
  change: UserChange,
): Promise<User> {
  const user = await requireUser(db, tenantId, id);
  const audit = { tenantId: user.tenant_id, action: 'user.change', target: id };
  return audited(db, audit, async (trx) => {
    const row = await requireUser(trx, tenantId, id);
    const losesOwner =
      row.role === 'owner' &&
      row.disabled_at === null &&
      ((change.role !== undefined && change.role !== 'owner') || change.disabled === true);
    if (losesOwner && Number((await countActiveOwners(trx, row.tenant_id)).n) <= 1) {
      throw conflict('A tenant keeps at least one active owner', 'last_owner');
    }
    await updateUser(trx, id, {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.role === undefined ? {} : { role: change.role }),
      ...(change.disabled === undefined ? {} : { disabled_at: change.disabled ? nowIso() : null }),
    });
    // A disabled user, or one whose role changed, signs in again.
    if (change.disabled === true || change.role !== undefined) await deleteUserSessions(trx, id);
    return toUser(await requireUser(trx, tenantId, id));
  });
}

/** What single sign-on decided about a person: their address, name and role. */
export interface SsoIdentity {
  email: string;
  name: string;
  role: Role;
}

/**
 * The user single sign-on signs in: created on first sign-in (just in time, with no password:
 * an empty hash never verifies), or given the role the provider's claims map to now. The last
 * active owner keeps the owner role: a change at the provider does not lock the tenant's owners
 * out. Undefined when the address is another tenant's user, or a disabled one.
 */
export async function provisionSsoUser(
  db: Db,
  tenantId: string,
  identity: SsoIdentity,
): Promise<{ id: string; tenant_id: string; email: string } | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await findUserByEmail(trx, identity.email);
    if (row && (row.tenant_id !== tenantId || row.disabled_at !== null)) return undefined;
    const actor = identity.email;
    if (!row) {
      const id = newId();
      await insertUser(trx, {
        id,
        tenant_id: tenantId,
        email: identity.email,
        name: identity.name,
        role: identity.role,
        password_hash: '',
        disabled_at: null,
        last_sign_in_at: null,
        created_at: nowIso(),
      });
      const details = { via: 'sso', role: identity.role };
      await recordAudit(trx, { tenantId, actor, action: 'user.create', target: id, details });
      return { id, tenant_id: tenantId, email: identity.email };
    }
    const demotesLastOwner =
      row.role === 'owner' &&
      identity.role !== 'owner' &&
      Number((await countActiveOwners(trx, tenantId)).n) <= 1;
    const role = demotesLastOwner ? row.role : identity.role;
    if (role !== row.role) {
      await updateUser(trx, row.id, { role });
      const details = { via: 'sso', role };
      await recordAudit(trx, { tenantId, actor, action: 'user.change', target: row.id, details });
    }
    return { id: row.id, tenant_id: row.tenant_id, email: row.email };
  });
}

/** Sets a new password and ends every session of the user. */
export async function setPassword(
  db: Db,
  tenantId: string | undefined,
  id: string,
  password: string,
  options: { clearLockout?: boolean } = {},
): Promise<void> {
  const user = await requireUser(db, tenantId, id);
  const passwordHash = await hash(password);
  await audited(db, { tenantId: user.tenant_id, action: 'user.reset_password', target: id }, async (trx) => {
    await updateUser(trx, id, { password_hash: passwordHash });
    await deleteUserSessions(trx, id);
    // The CLI is the way back in for a locked-out owner.
    if (options.clearLockout) await clearSignInFailures(trx, user.email);
  });
}

/** A password for a new or reset account when none is given: 24 characters, 144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export interface SignedIn {
  token: string;
  userId: string;
  tenantId: string;
  email: string;
}

/** Compared against when the address has no account, so both answers take as long. */
const NO_ACCOUNT_HASH = hash(randomBytes(16).toString('hex'));

/**
 * Checks the password (and, when two-step sign-in is on, the code) and opens a session. Failures
 * count per address (whether or not an account has it, so the lockout does not tell which
 * addresses exist); a wrong code counts as a wrong password does. The fifth within 15 minutes
 * locks the address for 15 minutes, even for the right password. The right password without a
 * code is no failure: the answer `mfa_required` asks for the code.
 */
export async function signIn(
  db: Db,
  config: Config,
  credentials: { email: string; password: string; code?: string | undefined },
  now = Date.now(),
): Promise<SignedIn> {
  const { email, password, code } = credentials;
  const failures = await findSignInFailures(db, email);
  if (failures?.locked_until && Date.parse(failures.locked_until) > now) throw locked(failures.locked_until);
  const user = await findUserByEmail(db, email);
  // A user single sign-on created has no password (an empty hash): compared as no account is.
  const stored = user?.password_hash ? user.password_hash : undefined;
  const ok = stored !== undefined && (await verify(stored, password).catch(() => false));
  if (stored === undefined) await verify(await NO_ACCOUNT_HASH, password).catch(() => false);
  if (!user || !ok || user.disabled_at !== null) {
    throw await failedSignIn(db, email, failures, now, 'invalid_credentials');
  }
  if (user.mfa_secret_sealed !== null) {
    if (code === undefined) {
      throw unauthorized('Enter the code from your authenticator app', 'mfa_required');
    }
    if (!(await secondFactorPasses(db, config, user.id, code, now))) {
      throw await failedSignIn(db, email, failures, now, 'invalid_code');
    }
  }
  // "Single sign-on required": the password was right, but only an owner (the break-glass)
  // still signs in with one. Checked after the password, so it tells nothing to a guesser.
  if (!(await localPasswordAllowed(db, user.tenant_id, user.role))) {
    throw forbidden('Your organisation signs in with single sign-on', 'sso_required');
  }
  return openSession(db, config, user, { method: 'password', now });
}

/**
 * A new session for a user whose identity is established (a password, a single sign-on): the
 * sign-in failures for the address are cleared and the sign-in is audited with its method.
 */
export async function openSession(
  db: Db,
  config: Config,
  user: { id: string; tenant_id: string; email: string },
  options: { method: 'password' | 'sso'; now?: number },
): Promise<SignedIn> {
  const now = options.now ?? Date.now();
  const { email } = user;
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now).toISOString();
  await inTransaction(db, async (trx) => {
    await clearSignInFailures(trx, email);
    await deleteExpiredSessions(trx, at);
    await insertSession(trx, {
      id: sessionId(token),
      user_id: user.id,
      tenant_id: user.tenant_id,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now + config.session.maxHours * 3_600_000).toISOString(),
    });
    await markSignedIn(trx, user.id, at);
    // Who signs in is the actor by definition: no context to read it from before the session exists.
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      actor: user.email,
      action: 'session.sign_in',
      details: { method: options.method },
    });
  });
  return { token, userId: user.id, tenantId: user.tenant_id, email: user.email };
}

/** Counts a failed sign-in for the address; the error to answer (locked on the fifth). */
async function failedSignIn(
  db: Db,
  email: string,
  failures: Awaited<ReturnType<typeof findSignInFailures>>,
  now: number,
  code: 'invalid_credentials' | 'invalid_code',
): Promise<AppError> {
  const fresh = !failures || now - Date.parse(failures.first_failed_at) > LOCK_WINDOW_MS;
  const count = fresh ? 1 : failures.failures + 1;
  const lockedUntil = count >= MAX_FAILURES ? new Date(now + LOCK_WINDOW_MS).toISOString() : null;
  await saveSignInFailures(db, {
    email,
    failures: lockedUntil ? 0 : count,
    first_failed_at: fresh || lockedUntil ? new Date(now).toISOString() : failures.first_failed_at,
    locked_until: lockedUntil,
  });
  if (lockedUntil) return locked(lockedUntil);
  return code === 'invalid_code'
    ? unauthorized('Wrong or already used code', 'invalid_code')
    : unauthorized('Wrong email or password', 'invalid_credentials');
}

function locked(until: string): AppError {
  const time = until.slice(11, 16);
  return tooManyRequests(
    `Too many failed sign-ins for this account. Try again after ${time} UTC.`,
    'account_locked',
  );
}

export interface SessionUser {
  user: User;
  tenant: { id: string; name: string };
  role: Role;
  expiresAt: string;
  /** The tenant requires two-step sign-in and the user has not set it up yet. */
  mfaEnrolmentRequired: boolean;
}

/**
 * The session behind a cookie token, or undefined when it is unknown, signed out, idle too
 * long, past its absolute expiry, or its user is disabled.
 */
export async function sessionOf(
  db: Db,
  config: Config,
  token: string,
  now = Date.now(),
): Promise<SessionUser | undefined> {
  const row = await findSession(db, sessionId(token));
  if (!row || row.disabled_at !== null) return undefined;
  const idleEnds = Date.parse(row.last_seen_at) + config.session.idleMinutes * 60_000;
  const expiresAt = Math.min(idleEnds, Date.parse(row.expires_at));
  if (expiresAt <= now) return undefined;
  if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await touchSession(db, row.session_id, new Date(now).toISOString());
  }
  return {
    user: toUser(row),
    tenant: { id: row.tenant_id, name: row.tenant_name },
    role: row.role,
    mfaEnrolmentRequired: row.mfa_required === 1 && row.mfa_enabled_at === null,
    expiresAt: new Date(
      Math.min(now + config.session.idleMinutes * 60_000, Date.parse(row.expires_at)),
    ).toISOString(),
  };
}

export function signOut(db: Db, token: string): Promise<void> {
  return deleteSession(db, sessionId(token));
}

function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session's CSRF token: derived from the session token (which script cannot read: the
 * cookie is HttpOnly), so it needs no storage and a cross-site page cannot compute it.
 */
export function csrfTokenFor(token: string): string {
  return createHash('sha256').update(`csrf:${token}`).digest('base64url');
}

export function isCsrfTokenFor(token: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenFor(token));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
