/**
 * The allow-listing assistant of a sending profile: the values a mail admin enters (see
 * allowlist-values.ts), and the check. A check sends one message through the profile with a link
 * on the public listener (/go/<token>, a path that says no more than a campaign link), watches it
 * for ALLOWLIST_CHECK_WINDOW_SECONDS and reports each visit as the click verdicts judge it: a
 * scanner opening it means the allow-listing is not yet effective. A visit keeps coarse facts
 * only (verdict, reason kinds, the catalogue's name, seconds after sending): no address, no agent.
 */
import {
  ALLOWLIST_CHECK_WINDOW_SECONDS,
  type Allowlist,
  type AllowlistCheck,
  type AllowlistCheckOutcome,
  type AllowlistCheckVisit,
} from '@shared/sending';
import { REASON_KINDS } from '@shared/dashboard';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { badRequest } from '@server/lib/errors';
import { newId, newRid, newRowId, nowIso, RID_PATTERN } from '@server/lib/ids';
import type { RequestFacts } from '../clicks/click-evidence';
import { reasonKindBits } from '../clicks/click-verdict';
import { judgeLoneRequest } from '../clicks/clicks.service';
import { allowlistValues, parseSendingIps } from './allowlist-values';
import {
  countVisits,
  deleteCheck,
  deleteChecksBefore,
  findCheck,
  findCheckByToken,
  insertCheck,
  insertVisit,
  listChecks,
  listVisits,
  markCheckSent,
} from './allowlist.repository';
import { domainOf, parseHeaders, requireProfile, smtpSettings } from './sending-profiles.service';
import { findProfilesByIds } from './sending.repository';
import { smtpClient, SmtpFailure } from './smtp-transport';
import { audited } from '../audit/audited';

/** The check link's path on the public listener. */
export const CHECK_PATH = '/go/';
/** Visits kept per check: enough to see a scanner's burst, not a flood. */
const MAX_VISITS = 20;
const LISTED_CHECKS = 10;
const KEEP_CHECKS_DAYS = 30;

export async function profileAllowlist(
  db: Db,
  config: Config,
  tenantId: string,
  profileId: string,
  sendingIps?: string,
): Promise<Allowlist> {
  const ips = parseSendingIps(sendingIps);
  return allowlistValues(await requireProfile(db, tenantId, profileId), config.publicUrl, ips);
}

/** The CLI sees the whole database: a profile by id alone, with a readable error. */
export async function profileTenant(db: Db, profileId: string): Promise<string> {
  const [profile] = await findProfilesByIds(db, [profileId]);
  if (!profile) throw new Error(`Unknown sending profile ${profileId}`);
  return profile.tenant_id;
}

/** Sends the check's message through the profile; a refusal is a 400 smtp_failed and keeps no check. */
export async function startAllowlistCheck(
  db: Db,
  config: Config,
  tenantId: string,
  profileId: string,
  to: string,
): Promise<AllowlistCheck> {
  const profile = await requireProfile(db, tenantId, profileId);
  const id = newId();
  const token = newRid();
  const createdAt = nowIso();
  const keepFrom = new Date(Date.now() - KEEP_CHECKS_DAYS * 86_400_000).toISOString();
  // Stored before sending: a gateway may open the link before the relay's answer is back.
  const audit = { tenantId, action: 'sending_profile.allowlist_check', target: profileId };
  await audited(db, audit, async (trx) => {
    await deleteChecksBefore(trx, tenantId, profileId, keepFrom);
    await insertCheck(trx, {
      id,
      tenant_id: tenantId,
      profile_id: profileId,
      token,
      sent_to: to,
      created_at: createdAt,
    });
  });
  const link = `${config.publicUrl}${CHECK_PATH}${token}`;
  const client = smtpClient(smtpSettings(config, profile), { pool: false });
  try {
    await client.send({
      envelopeFrom: profile.envelope_from,
      from: profile.header_from ?? profile.envelope_from,
      to,
      subject: `Hookwise allow-listing check (${profile.name})`,
      text: checkText(link),
      html: `<p>${checkText('').trim().replace(/\n\n/g, '</p><p>')}</p><p><a href="${link}">${link}</a></p>`,
      messageId: `<check-${newId()}@${domainOf(profile.envelope_from)}>`,
      headers: parseHeaders(profile.headers),
    });
  } catch (error) {
    await deleteCheck(db, id);
    if (error instanceof SmtpFailure) throw badRequest(`The relay refused: ${error.message}`, 'smtp_failed');
    throw error;
  } finally {
    client.close();
  }
  const sentAt = Date.now();
  const windowEnds = new Date(sentAt + ALLOWLIST_CHECK_WINDOW_SECONDS * 1000).toISOString();
  await markCheckSent(db, id, new Date(sentAt).toISOString(), windowEnds);
  const check = await allowlistCheckById(db, id);
  if (!check) throw new Error('allow-listing check vanished');
  return check;
}

function checkText(link: string): string {
  const minutes = ALLOWLIST_CHECK_WINDOW_SECONDS / 60;
  return (
    'This message checks whether your mail gateway opens the links of your phishing simulation.\n\n' +
    `Please do not open the link: for ${minutes} minutes Hookwise reports whatever opens it.\n\n${link}`
  );
}

/** The profile's latest checks, newest first, each with its visits and outcome. */
export async function allowlistChecks(
  db: Db,
  tenantId: string,
  profileId: string,
): Promise<AllowlistCheck[]> {
  await requireProfile(db, tenantId, profileId);
  return withVisits(db, await listChecks(db, tenantId, profileId, LISTED_CHECKS));
}

export async function allowlistCheckById(db: Db, id: string): Promise<AllowlistCheck | undefined> {
  const row = await findCheck(db, id);
  return row ? (await withVisits(db, [row]))[0] : undefined;
}

type CheckRow = NonNullable<Awaited<ReturnType<typeof findCheck>>>;

async function withVisits(db: Db, rows: CheckRow[]): Promise<AllowlistCheck[]> {
  const visits = await listVisits(
    db,
    rows.map((r) => r.id),
  );
  const now = Date.now();
  return rows.map((row) => {
    const own = visits.filter((v) => v.check_id === row.id).map(visitView);
    return {
      id: row.id,
      to: row.sent_to,
      created_at: row.created_at,
      sent_at: row.sent_at,
      window_ends_at: row.window_ends_at,
      outcome: outcome(row.window_ends_at, own, now),
      visits: own,
    };
  });
}

function visitView(row: Awaited<ReturnType<typeof listVisits>>[number]): AllowlistCheckVisit {
  const reasons: unknown = JSON.parse(row.reasons);
  return {
    at: row.created_at,
    seconds_after_send: row.seconds_after_send,
    verdict: row.verdict,
    reasons: REASON_KINDS.filter((kind) => Array.isArray(reasons) && reasons.includes(kind)),
    scanner: row.scanner,
    scanner_by: row.scanner_by,
  };
}

function outcome(
  windowEndsAt: string | null,
  visits: AllowlistCheckVisit[],
  now: number,
): AllowlistCheckOutcome {
  if (visits.some((v) => v.verdict === 'automated')) return 'scanner';
  if (visits.length > 0) return 'visited';
  if (!windowEndsAt || Date.parse(windowEndsAt) > now) return 'waiting';
  return 'no_visit';
}

/**
 * A request to a check's link: judged and kept while the check watches. False when no check has
 * the token (the caller answers the plain 404 of any unknown path).
 */
export async function recordCheckVisit(
  db: Db,
  config: Config,
  token: string,
  request: RequestFacts,
): Promise<boolean> {
  if (!RID_PATTERN.test(token)) return false;
  const check = await findCheckByToken(db, token);
  if (!check) return false;
  const now = Date.now();
  if (check.window_ends_at && Date.parse(check.window_ends_at) < now) return true;
  if ((await countVisits(db, check.id)) >= MAX_VISITS) return true;
  const judged = judgeLoneRequest(config, request, check.sent_at);
  const bits = reasonKindBits(judged.reasons);
  const network = judged.reasons.some((r) => r.startsWith('catalogued network'));
  await insertVisit(db, {
    id: newRowId(),
    tenant_id: check.tenant_id,
    check_id: check.id,
    seconds_after_send: check.sent_at
      ? Math.max(0, Math.round((now - Date.parse(check.sent_at)) / 1000))
      : null,
    verdict: judged.verdict,
    reasons: JSON.stringify(REASON_KINDS.filter((_, i) => bits & (1 << i))),
    // "Microsoft Exchange Online Protection (certain)": the name, without its certainty.
    scanner: judged.catalogue ? judged.catalogue.replace(/ \([a-z ]+\)$/, '') : null,
    scanner_by: judged.catalogue ? (network ? 'network' : 'agent') : null,
    created_at: new Date(now).toISOString(),
  });
  return true;
}
