/**
 * What a launch will do, before it is done: how many messages, from when to when, at what pace
 * ("312 messages from 9:00 to 11:30 Europe/Berlin, 150 per hour"), from the campaign's real
 * recipients and the same schedule the outbox is planned with. And "send me this e-mail": the
 * campaign's e-mail, rendered as the preview renders it, sent through the chosen profile.
 */
import type { EmailTestResult, SendingSummary } from '@shared/sending';
import type { Config } from '@server/config';
import type { Campaign, Db } from '@server/db/schema';
import { badRequest, conflict } from '@server/lib/errors';
import { newId } from '@server/lib/ids';
import { isTimeZone } from '@shared/time-zone';
import type { LanguageCode } from '@shared/languages';
import { storedFile } from '../preview/preview.service';
import { fromHeader } from './email-render';
import { render } from './email-preview.service';
import { recipientsWithoutMessage } from './outbox.repository';
import { clockMinutes, dueTimes, intervalMs, type Schedule } from './schedule';
import { domainOf, parseHeaders, requireProfile, smtpSettings } from './sending-profiles.service';
import { failureText, smtpClient, SmtpFailure } from './smtp-transport';
import { recordAction } from '../audit/audited';

const HOUR = 3_600_000;

export interface SummaryRequest {
  starts_at?: string | null;
  rate_per_minute: number;
  spread_minutes: number;
  window?: { start: string; end: string };
  time_zone?: string;
}

export async function sendingSummary(
  db: Db,
  config: Config,
  campaign: Campaign,
  plan: SummaryRequest,
): Promise<SendingSummary> {
  const timeZone = plan.time_zone ?? campaign.time_zone;
  if (!isTimeZone(timeZone)) throw badRequest(`Unknown time zone ${timeZone}`, 'invalid_dates');
  const fresh = await recipientsWithoutMessage(db, campaign.id);
  const messages = fresh.filter((r) => r.email).length;
  const schedule: Schedule = {
    ratePerMinute: plan.rate_per_minute,
    spreadMinutes: plan.spread_minutes,
    window: plan.window
      ? { start: clockMinutes(plan.window.start), end: clockMinutes(plan.window.end) }
      : null,
    timeZone,
    timeScale: config.sending.timeScale,
  };
  const from = Math.max(
    plan.starts_at ? Date.parse(plan.starts_at) : Date.now(),
    campaign.starts_at ? Date.parse(campaign.starts_at) : 0,
  );
  const times = dueTimes(schedule, messages, intervalMs(schedule, messages), from);
  const first = times[0];
  const last = times.at(-1);
  // The pace as planned in real time (the time scale only compresses tests).
  const perHour = HOUR / intervalMs({ ...schedule, timeScale: 1 }, messages);
  return {
    messages,
    without_address: fresh.length - messages,
    first_at: first === undefined ? null : new Date(first).toISOString(),
    last_at: last === undefined ? null : new Date(last).toISOString(),
    per_hour: Math.round(perHour * 10) / 10,
    time_zone: timeZone,
  };
}

/** "Send me this e-mail": the campaign's e-mail in `language`, through the profile, to `to`. */
export async function sendEmailTest(
  db: Db,
  config: Config,
  campaign: Campaign,
  request: { profile_id: string; to: string; language: LanguageCode },
): Promise<EmailTestResult> {
  const profile = await requireProfile(db, campaign.tenant_id, request.profile_id);
  const { email } = await render(db, config, {
    tenantId: campaign.tenant_id,
    campaignId: campaign.id,
    file: storedFile(campaign.content),
    language: request.language,
  });
  if (!email) throw conflict('The campaign file has no email to send', 'campaign_has_no_email');
  await recordAction(db, {
    tenantId: campaign.tenant_id,
    action: 'campaign.email_test',
    target: campaign.id,
  });
  const client = smtpClient(smtpSettings(config, profile), { pool: false });
  try {
    const reply = await client.send({
      envelopeFrom: profile.envelope_from,
      from: fromHeader(email.from, profile),
      to: request.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<test-${newId()}@${domainOf(profile.envelope_from)}>`,
      headers: parseHeaders(profile.headers),
    });
    return { sent: true, reply, failure: null };
  } catch (error) {
    if (!(error instanceof SmtpFailure)) throw error;
    return { sent: false, reply: failureText(error.failure), failure: error.failure };
  } finally {
    client.close();
  }
}
