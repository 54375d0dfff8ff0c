/**
 * Sending profiles: where a tenant's mail goes out (SMTP relay, TLS mode, auth, envelope and
 * header From, custom headers). The password is sealed with SECRETS_KEY before it is stored and
 * never leaves the server again; answers only say whether one is set.
 */
import type { SendingProfile, SendingProfileInput } from '@shared/sending';
import type { Config } from '@server/config';
import type { SendingProfileRow, Db } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { open, seal } from '@server/lib/secret-box';
import { failureText, smtpClient, SmtpFailure, type SmtpSettings } from './smtp-transport';
import { deleteProfile, findProfile, insertProfile, listProfiles, updateProfile } from './sending.repository';
import { audited, recordAction } from '../audit/audited';

export function profileView(row: SendingProfileRow): SendingProfile {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    envelope_from: row.envelope_from,
    header_from: row.header_from,
    headers: parseHeaders(row.headers),
    has_password: row.password_sealed !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function parseHeaders(text: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** The relay settings with the password opened (for sending only). */
export function smtpSettings(config: Config, row: SendingProfileRow): SmtpSettings {
  return {
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    password: row.password_sealed === null ? null : open(config.secretsKey, row.password_sealed),
  };
}

export async function sendingProfiles(db: Db, tenantId: string) {
  return (await listProfiles(db, tenantId)).map(profileView);
}

export async function requireProfile(db: Db, tenantId: string, id: string) {
  const row = await findProfile(db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

export async function createProfile(
  db: Db,
  config: Config,
  tenantId: string,
  input: SendingProfileInput,
): Promise<SendingProfile> {
  const id = newId();
  const now = nowIso();
  await audited(db, { tenantId, action: 'sending_profile.create', target: id }, (trx) =>
    insertProfile(trx, {
      id,
      tenant_id: tenantId,
      ...columns(input),
      password_sealed: input.password ? seal(config.secretsKey, input.password) : null,
      created_at: now,
      updated_at: now,
    }),
  );
  return profileView(await requireProfile(db, tenantId, id));
}

/** Replaces a profile's settings; a password left out keeps the stored one, null removes it. */
export async function editProfile(
  db: Db,
  config: Config,
  tenantId: string,
  id: string,
  input: SendingProfileInput,
): Promise<SendingProfile> {
  await requireProfile(db, tenantId, id);
  await audited(db, { tenantId, action: 'sending_profile.edit', target: id }, (trx) =>
    updateProfile(trx, tenantId, id, {
      ...columns(input),
      ...(input.password === undefined
        ? {}
        : { password_sealed: input.password ? seal(config.secretsKey, input.password) : null }),
      updated_at: nowIso(),
    }),
  );
  return profileView(await requireProfile(db, tenantId, id));
}

function columns(input: SendingProfileInput) {
  return {
    name: input.name,
    host: input.host,
    port: input.port,
    tls: input.tls,
    username: input.username ?? null,
    envelope_from: input.envelope_from,
    header_from: input.header_from ?? null,
    headers: JSON.stringify(input.headers),
  };
}

export async function removeProfile(db: Db, tenantId: string, id: string) {
  await requireProfile(db, tenantId, id);
  await audited(db, { tenantId, action: 'sending_profile.delete', target: id }, async (trx) => {
    if (!(await deleteProfile(trx, tenantId, id))) {
      throw conflict("A campaign's sending uses this profile", 'profile_in_use');
    }
  });
}

/** "Send a test message to me": one message through the profile, answered with the relay's reply. */
export async function sendTestMessage(
  db: Db,
  config: Config,
  tenantId: string,
  id: string,
  to: string,
): Promise<{ reply: string }> {
  const row = await requireProfile(db, tenantId, id);
  await recordAction(db, { tenantId, action: 'sending_profile.test', target: id });
  const client = smtpClient(smtpSettings(config, row), { pool: false });
  try {
    const reply = await client.send({
      envelopeFrom: row.envelope_from,
      from: row.header_from ?? row.envelope_from,
      to,
      subject: `Hookwise test message (${row.name})`,
      text: `This test message went through the sending profile "${row.name}" (${row.host}:${row.port}).`,
      messageId: `<test-${newId()}@${domainOf(row.envelope_from)}>`,
      headers: parseHeaders(row.headers),
    });
    return { reply };
  } catch (error) {
    // In plain words with the cause: no relay was reached when the name does not resolve.
    if (error instanceof SmtpFailure) throw badRequest(failureText(error.failure), 'smtp_failed');
    throw error;
  } finally {
    client.close();
  }
}

export function domainOf(address: string): string {
  return /@([^\s>]+)/.exec(address)?.[1] ?? 'hookwise.invalid';
}

/**
 * A notice Hookwise itself sends through a tenant's profile (a reviewer's link, an answer to a
 * reporter): plain text, one recipient. Throws SmtpFailure when the relay refuses.
 */
export async function sendNotice(
  db: Db,
  config: Config,
  tenantId: string,
  profileId: string,
  message: { to: string; subject: string; text: string },
): Promise<void> {
  const row = await requireProfile(db, tenantId, profileId);
  const client = smtpClient(smtpSettings(config, row), { pool: false });
  try {
    await client.send({
      envelopeFrom: row.envelope_from,
      from: row.header_from ?? row.envelope_from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: `<notice-${newId()}@${domainOf(row.envelope_from)}>`,
      headers: {},
    });
  } finally {
    client.close();
  }
}
