/**
 * The mail that follows reports, sent from the database's state on each run of the intake
 * worker (so a restart loses nothing, and several instances send each message once: each is
 * claimed by a conditional update before it goes):
 *  - reviewers get a /poll link for the URLs waiting, when some arrived since the last one,
 *    at most once per interval, in their language where Hookwise knows it (as a recipient);
 *  - reporters get "we are looking at it" on receipt, then what it was once decided: a
 *    simulation at once ("well spotted"), a real message when any of its URLs was judged
 *    malicious, a safe one when all were judged harmless — only at the tenant's answer domains.
 * A relay that refuses is logged and tried again on the next run (the claim is undone).
 */
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { isLanguageCode } from '@shared/languages';
import { nowIso } from '@server/lib/ids';
import { currentDecisions } from '../poll/poll.service';
import { languageOfEmail } from '../recipients/recipients.service';
import { reportedUrls } from '../reported-urls/reported-urls.service';
import { mintPollLink } from '../reviewers/reviewers.service';
import { sendNotice } from '../sending/sending-profiles.service';
import { listFollowups, markReviewersMailed } from './mail-intake.repository';
import { listUnanswered, markAnswered, unmarkAnswered } from './mail-reports.repository';
import { answerText, parseAnswerTexts } from './report-followup.service';
import { answerAddress } from './reporter-pseudonym';
import { domainOf, jsonList } from './stored-values';
import REVIEWER_TEXTS from './reviewer-texts.json';

interface Log {
  warn(details: object, message: string): void;
}

const REVIEWER_LINK_SECONDS = 7 * 86_400;
type Followup = Awaited<ReturnType<typeof listFollowups>>[number];

async function mailReviewers(db: Db, config: Config, row: Followup, log: Log) {
  const reviewers = jsonList(row.reviewers);
  if (!reviewers.length || !row.notify_profile_id) return;
  const pending = await reportedUrls(db, row.tenant_id, { pending: true });
  if (!pending.length) return;
  const last = row.reviewers_mailed_at;
  if (last !== null) {
    const due = Date.parse(last) + row.reviewer_interval_minutes * 60_000 <= Date.now();
    const fresh = pending.some((p) => p.last_reported_at > last);
    if (!due || !fresh) return;
  }
  if (!(await markReviewersMailed(db, row.tenant_id, last, nowIso()))) return;
  const urls = pending.map((p) => p.url).slice(0, 500);
  for (const reviewer of reviewers) {
    const link = await mintPollLink(db, {
      secret: config.pollTokenSecret,
      publicUrl: config.publicUrl,
      tenantId: row.tenant_id,
      urls,
      expiresInSeconds: REVIEWER_LINK_SECONDS,
      reviewer,
      createdBy: 'system',
    });
    const language = await languageOfEmail(db, row.tenant_id, reviewer);
    const lang = language && isLanguageCode(language) ? language : 'en';
    const words = REVIEWER_TEXTS[lang];
    const fill = (text: string) =>
      text
        .replaceAll('{{count}}', new Intl.NumberFormat(lang).format(urls.length))
        .replaceAll('{{link}}', link.url);
    try {
      await sendNotice(db, config, row.tenant_id, row.notify_profile_id, {
        to: reviewer,
        subject: fill(words.subject),
        text: fill(words.text),
      });
    } catch (error) {
      log.warn({ tenantId: row.tenant_id, err: error }, 'reviewer link could not be mailed');
    }
  }
}

async function answerReporters(db: Db, config: Config, row: Followup, log: Log) {
  if (row.answers_enabled !== 1 || !row.answers_since || !row.notify_profile_id) return;
  const domains = jsonList(row.answer_domains);
  const texts = parseAnswerTexts(row.answer_texts);
  const reports = (await listUnanswered(db, row.tenant_id, row.answers_since)).flatMap((r) => {
    const address = answerAddress(config.secretsKey, r);
    return address !== null && domains.includes(domainOf(address)) ? [{ ...r, address }] : [];
  });
  if (!reports.length) return;
  const decisions = new Map((await currentDecisions(db, row.tenant_id)).map((d) => [d.url, d.decision]));
  for (const report of reports) {
    const reporter = report.address;
    const urls = (JSON.parse(report.urls) as { url: string }[]).map((u) => u.url);
    const judged = urls.map((url) => decisions.get(url));
    const decision =
      report.outcome === 'simulation'
        ? 'simulation'
        : judged.includes('TP')
          ? 'real'
          : urls.length > 0 && judged.every((d) => d === 'FP')
            ? 'safe'
            : undefined;
    const kind = decision ? 'decision' : report.receipt_answered_at ? undefined : 'receipt';
    if (!kind) continue;
    const at = nowIso();
    if (!(await markAnswered(db, report.id, kind, at, decision))) continue;
    const language = await languageOfEmail(db, row.tenant_id, reporter);
    const message = answerText(texts, decision ?? 'receipt', language, report.subject);
    try {
      await sendNotice(db, config, row.tenant_id, row.notify_profile_id, { to: reporter, ...message });
    } catch (error) {
      await unmarkAnswered(db, report.id, kind);
      log.warn(
        { tenantId: row.tenant_id, report: report.id, err: error },
        'answer to a reporter could not be sent',
      );
    }
  }
}

export async function runReportMailer(db: Db, config: Config, log: Log): Promise<void> {
  for (const row of await listFollowups(db)) {
    await mailReviewers(db, config, row, log);
    await answerReporters(db, config, row, log);
  }
}
