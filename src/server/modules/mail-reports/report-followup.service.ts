/**
 * What follows a report, set by an owner: the reviewers mailed their /poll link when URLs wait
 * (at most once per interval), and the answers to reporters (off by default, only to the
 * tenant's own domains), each in the reporter's language, in Hookwise's words unless the
 * operator wrote their own.
 */
import type { AnswerKind, ReportFollowup, ReportFollowupInput } from '@shared/mail-reports';
import { isLanguageCode, type LanguageCode } from '@shared/languages';
import type { Db } from '@server/db/schema';
import { nowIso } from '@server/lib/ids';
import { audited } from '../audit/audited';
import { requireProfile } from '../sending/sending-profiles.service';
import { requireTenant } from '../tenants/tenants.service';
import DEFAULT_TEXTS from './answer-texts.json';
import { findMailIntake, updateMailIntake, upsertMailIntake } from './mail-intake.repository';
import { jsonList } from './stored-values';

export type AnswerTexts = ReportFollowupInput['answer_texts'];
export interface AnswerText {
  subject: string;
  text: string;
}

export function parseAnswerTexts(json: string): AnswerTexts {
  try {
    return JSON.parse(json) as AnswerTexts;
  } catch {
    return {};
  }
}

/** The answer of this kind in this language: the operator's, else Hookwise's, else English. */
export function answerText(texts: AnswerTexts, kind: AnswerKind, language: string | null, subject: string) {
  const lang: LanguageCode = language && isLanguageCode(language) ? language : 'en';
  const chosen: AnswerText = texts[kind]?.[lang] ?? DEFAULT_TEXTS[lang][kind];
  const fill = (text: string) => text.replaceAll('{{subject}}', subject || '—');
  return {
    subject: fill(chosen.subject)
      .replace(/[\r\n]+/g, ' ')
      .slice(0, 300),
    text: fill(chosen.text),
  };
}

export async function reportFollowup(db: Db, tenantId: string): Promise<ReportFollowup> {
  await requireTenant(db, tenantId);
  const row = await findMailIntake(db, tenantId);
  return {
    reviewers: jsonList(row?.reviewers ?? '[]'),
    profile_id: row?.notify_profile_id ?? null,
    reviewer_interval_minutes: row?.reviewer_interval_minutes ?? 60,
    answers_enabled: row?.answers_enabled === 1,
    pseudonymous_reporters: row?.pseudonymous_reporters === 1,
    answer_domains: jsonList(row?.answer_domains ?? '[]'),
    answer_texts: parseAnswerTexts(row?.answer_texts ?? '{}'),
    reviewers_mailed_at: row?.reviewers_mailed_at ?? null,
    default_texts: DEFAULT_TEXTS,
  };
}

export async function setReportFollowup(
  db: Db,
  tenantId: string,
  input: ReportFollowupInput,
): Promise<ReportFollowup> {
  await requireTenant(db, tenantId);
  if (input.profile_id !== null) await requireProfile(db, tenantId, input.profile_id);
  const existing = await findMailIntake(db, tenantId);
  const now = nowIso();
  const wasOn = existing?.answers_enabled === 1;
  const changes = {
    reviewers: JSON.stringify([...new Set(input.reviewers)]),
    notify_profile_id: input.profile_id,
    reviewer_interval_minutes: input.reviewer_interval_minutes,
    answers_enabled: input.answers_enabled ? 1 : 0,
    pseudonymous_reporters: input.pseudonymous_reporters ? 1 : 0,
    // Answers start with reports received from now on: turning them on mails nobody from the past.
    answers_since: input.answers_enabled ? (wasOn ? (existing.answers_since ?? now) : now) : null,
    answer_domains: JSON.stringify([...new Set(input.answer_domains)]),
    answer_texts: JSON.stringify(input.answer_texts),
    updated_at: now,
  };
  await audited(
    db,
    {
      tenantId,
      action: 'settings.report_followup',
      details: {
        reviewers: input.reviewers.length,
        answers: input.answers_enabled,
        pseudonymous: input.pseudonymous_reporters,
      },
    },
    (trx) =>
      existing
        ? updateMailIntake(trx, tenantId, changes)
        : upsertMailIntake(trx, { tenant_id: tenantId, ...changes }),
  );
  return reportFollowup(db, tenantId);
}
