/**
 * Two-step sign-in for console users: an authenticator app's TOTP code (RFC 6238: SHA-1, 6 digits,
 * 30 s, one step either side accepted) or one of ten single-use recovery codes. The secret is
 * sealed with SECRETS_KEY like SMTP passwords; it leaves the server only while enrolling. A code
 * is accepted once: the last accepted time step is kept, and a code of that step or an earlier
 * one is refused. Recovery codes are 80 random bits each, so a SHA-256 of them is enough (a slow
 * hash guards guessable secrets such as passwords); they are shown once, at enrolment.
 */
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, type MfaEnabled, type MfaEnrolment, type MfaStatus } from '@shared/account';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { badRequest, conflict, forbidden, notFound } from '@server/lib/errors';
import { open, seal } from '@server/lib/secret-box';
import { audited } from '../audit/audited';
import { deleteUserSessions, findUser } from './accounts.repository';
import {
  advanceLastStep,
  clearMfa,
  countRecoveryCodesLeft,
  enableMfa,
  findMfa,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
} from './mfa.repository';

const ISSUER = 'Hookwise';
const PERIOD_S = 30;
const TOTP_CODE = /^\d{6}$/;
// Crockford's base32 without I, L, O, U: nothing to misread when typed from paper.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The time step a code of `secret` matches at `now` (±1 step), after `lastStep`; else undefined. */
export async function matchingStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: number,
): Promise<number | undefined> {
  if (!TOTP_CODE.test(code)) return undefined;
  const epoch = Math.floor(now / 1000);
  const current = Math.floor(epoch / PERIOD_S);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: PERIOD_S,
    // otplib refuses an afterTimeStep past its window (a clock that went back): clamp it.
    ...(lastStep === null ? {} : { afterTimeStep: Math.min(lastStep, current + 1) }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Ten codes like `7k2m-q9x4-h3tc-8wbz` (80 bits each). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(16)].map((b) => RECOVERY_ALPHABET[b % 32]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Dashes, spaces and case do not matter when a recovery code is typed back. */
function recoveryHash(code: string): string {
  const normalised = code.toLowerCase().replace(/[^0-9a-z]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}

async function requireMfaRow(db: Db, userId: string) {
  const row = await findMfa(db, userId);
  if (!row) throw notFound();
  return row;
}

/**
 * The second step of a sign-in (or of turning it off): a current TOTP code not used before, or
 * an unused recovery code, which is spent. False for anything else.
 */
export async function secondFactorPasses(
  db: Db,
  config: Config,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await requireMfaRow(db, userId);
  if (row.mfa_secret_sealed === null) return false;
  if (TOTP_CODE.test(code)) {
    const secret = open(config.secretsKey, row.mfa_secret_sealed);
    const step = await matchingStep(secret, code, row.mfa_last_step, now);
    return step !== undefined && (await advanceLastStep(db, userId, step));
  }
  return spendRecoveryCode(db, userId, recoveryHash(code), new Date(now).toISOString());
}

export async function mfaStatus(db: Db, userId: string): Promise<MfaStatus> {
  const row = await requireMfaRow(db, userId);
  return {
    enabled: row.mfa_secret_sealed !== null,
    required: row.mfa_required === 1,
    recovery_codes_left: await countRecoveryCodesLeft(db, userId),
  };
}

/** A new secret, pending until confirmed (a second start replaces it). */
export async function startEnrolment(db: Db, config: Config, userId: string): Promise<MfaEnrolment> {
  const row = await requireMfaRow(db, userId);
  if (row.mfa_secret_sealed !== null) {
    throw conflict('Two-step sign-in is already on', 'mfa_already_on');
  }
  const secret = generateSecret();
  await audited(db, { tenantId: row.tenant_id, action: 'user.mfa_start', target: userId }, (trx) =>
    savePendingSecret(trx, userId, seal(config.secretsKey, secret)),
  );
  const uri = generateURI({ issuer: ISSUER, label: row.email, secret });
  const { default: qrcode } = await import('qrcode');
  const svg = await qrcode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Turns two-step sign-in on with a code of the pending secret; the recovery codes, shown once. */
export async function confirmEnrolment(
  db: Db,
  config: Config,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<MfaEnabled> {
  const row = await requireMfaRow(db, userId);
  if (row.mfa_secret_sealed !== null) throw conflict('Two-step sign-in is already on', 'mfa_already_on');
  if (row.mfa_pending_sealed === null) {
    throw conflict('Start the set-up first: there is no code to check against', 'mfa_not_started');
  }
  const step = await matchingStep(open(config.secretsKey, row.mfa_pending_sealed), code, null, now);
  if (step === undefined) throw badRequest('That code is not right: enter the current one', 'invalid_code');
  const codes = newRecoveryCodes();
  await audited(db, { tenantId: row.tenant_id, action: 'user.mfa_enrol', target: userId }, async (trx) => {
    await enableMfa(trx, userId, row.mfa_pending_sealed!, new Date(now).toISOString(), step);
    await replaceRecoveryCodes(trx, userId, codes.map(recoveryHash));
  });
  return { recovery_codes: codes };
}

/** The user turns it off themselves, with a current code; not while the tenant requires it. */
export async function disableMfa(db: Db, config: Config, userId: string, code: string): Promise<void> {
  const row = await requireMfaRow(db, userId);
  if (row.mfa_required === 1) {
    throw forbidden('Your organisation requires two-step sign-in', 'mfa_required_by_tenant');
  }
  if (row.mfa_secret_sealed === null) throw conflict('Two-step sign-in is off', 'mfa_off');
  if (!(await secondFactorPasses(db, config, userId, code))) {
    throw badRequest('That code is not right: enter the current one', 'invalid_code');
  }
  await audited(db, { tenantId: row.tenant_id, action: 'user.mfa_disable', target: userId }, (trx) =>
    clearMfa(trx, userId),
  );
}

/**
 * An owner (or the CLI, `tenantId` undefined) turns a user's two-step sign-in off, e.g. after a
 * lost phone: their sessions end, and they set it up again (or sign in without it).
 */
export async function resetMfa(
  db: Db,
  tenantId: string | undefined,
  userId: string,
  actorUserId?: string,
): Promise<void> {
  if (actorUserId === userId) {
    throw conflict('Turn your own two-step sign-in off on your account page', 'own_account');
  }
  const user = await findUser(db, tenantId, userId);
  if (!user) throw notFound();
  await audited(db, { tenantId: user.tenant_id, action: 'user.mfa_reset', target: userId }, async (trx) => {
    await clearMfa(trx, userId);
    await deleteUserSessions(trx, userId);
  });
}
