/**
 * What follows a report (owners: the server refuses the rest): the sending profile these messages
 * go through (none: nothing is sent), the reviewers mailed their /poll link at most once per
 * interval, and the answers to reporters (off by default) with Hookwise's own texts shown in the
 * console's language and the operator's own for that language. Other languages' own texts are
 * kept as saved. Values are checked with the server's own schema first.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useSendingProfiles } from '@console/features/sending/api/sending';
import { useReportsT, type ReportsKey } from '@console/hooks/use-reports-t';
import { useT } from '@console/hooks/use-t';
import { formatDateTime } from '@console/lib/format';
import { ApiError } from '@shared/api-client';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@shared/languages';
import { ANSWER_KINDS, reportFollowupInputSchema, type AnswerKind } from '@shared/mail-reports';
import {
  useReportFollowup,
  useSaveReportFollowup,
  type ReportFollowup,
  type ReportFollowupInput,
} from '../api/mail-reports';

/** The placeholder the server replaces with the reported message's subject. */
const SUBJECT_PLACEHOLDER = '{{subject}}';
/** Where the sentence puts the placeholder, replaced by a <code> element (a private-use character). */
const PLACEHOLDER_SLOT = '\uE000';

const KIND_WORDS: Record<AnswerKind, ReportsKey> = {
  receipt: 'answers.kind.receipt',
  real: 'answers.kind.real',
  safe: 'answers.kind.safe',
  simulation: 'answers.kind.simulation',
};

export function FollowupSettingsSection() {
  const { t } = useReportsT();
  const { t: tc } = useT();
  const followup = useReportFollowup();
  return (
    <section className="panel" aria-labelledby="reported-mail-followup">
      <h2 id="reported-mail-followup">{t('followup.title')}</h2>
      <p className="muted">{t('followup.intro')}</p>
      <ErrorAlert error={followup.error} />
      {followup.isPending && <p role="status">{tc('loading')}</p>}
      {followup.data && <FollowupForm saved={followup.data} />}
    </section>
  );
}

/** Comma or line separated. */
const split = (text: string) =>
  text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

type Own = Record<AnswerKind, { subject: string; text: string }>;

const formOf = (saved: ReportFollowup, language: LanguageCode) => ({
  profile: saved.profile_id ?? '',
  reviewers: saved.reviewers.join('\n'),
  interval: String(saved.reviewer_interval_minutes),
  enabled: saved.answers_enabled,
  pseudonymous: saved.pseudonymous_reporters,
  domains: saved.answer_domains.join('\n'),
  own: Object.fromEntries(
    ANSWER_KINDS.map((kind) => {
      const text = saved.answer_texts[kind]?.[language];
      return [kind, { subject: text?.subject ?? '', text: text?.text ?? '' }];
    }),
  ) as Own,
});
type Form = ReturnType<typeof formOf>;

/** The whole body: this language's own texts from the form, every other language's as saved. */
function bodyOf(form: Form, saved: ReportFollowup, language: LanguageCode) {
  const texts: Record<string, Record<string, { subject: string; text: string }>> = {};
  for (const kind of ANSWER_KINDS) {
    const others = { ...saved.answer_texts[kind] };
    delete others[language];
    const own = form.own[kind];
    const mine =
      own.subject.trim() || own.text.trim() ? { [language]: { subject: own.subject, text: own.text } } : {};
    const all = { ...others, ...mine };
    if (Object.keys(all).length > 0) texts[kind] = all;
  }
  return {
    reviewers: split(form.reviewers),
    profile_id: form.profile || null,
    reviewer_interval_minutes: form.interval.trim() === '' ? Number.NaN : Number(form.interval),
    answers_enabled: form.enabled,
    pseudonymous_reporters: form.pseudonymous,
    answer_domains: split(form.domains),
    answer_texts: texts,
  };
}

type Field = 'reviewers' | 'interval' | 'domains' | AnswerKind;
type Problems = Partial<Record<Field, string>>;

function FollowupForm({ saved }: { saved: ReportFollowup }) {
  const { t, i18n } = useReportsT();
  const id = useId();
  const profiles = useSendingProfiles();
  const save = useSaveReportFollowup();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: LanguageCode = isLanguageCode(resolved) ? resolved : DEFAULT_LANGUAGE;
  const [form, setForm] = useState(() => formOf(saved, language));
  const [problems, setProblems] = useState<Problems>({});
  const current = save.data ?? saved;
  const set = (change: Partial<Form>) => {
    setForm((now) => ({ ...now, ...change }));
    setProblems({});
    save.reset();
  };
  const setOwn = (kind: AnswerKind, change: Partial<Own[AnswerKind]>) =>
    set({ own: { ...form.own, [kind]: { ...form.own[kind], ...change } } });

  let languageName: string = language;
  try {
    languageName = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  } catch {
    // no names in this runtime: the code says it
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form, current, language);
    const checked = reportFollowupInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        const [part, index, lang] = issue.path;
        if (part === 'reviewers' || part === 'answer_domains') {
          const field = part === 'reviewers' ? 'reviewers' : 'domains';
          if (found[field]) continue;
          const list = part === 'reviewers' ? body.reviewers : body.answer_domains;
          const value = typeof index === 'number' ? list[index] : undefined;
          found[field] =
            value === undefined
              ? t('invalid.tooMany')
              : t(field === 'reviewers' ? 'invalid.address' : 'invalid.domain', { value });
        } else if (part === 'reviewer_interval_minutes') {
          found.interval = t('invalid.interval');
        } else if (part === 'answer_texts' && lang === language) {
          const kind = ANSWER_KINDS.find((k) => k === index);
          if (kind && !found[kind]) found[kind] = t('invalid.ownText');
        }
      }
      setProblems(found);
      return;
    }
    const input: ReportFollowupInput = checked.data;
    save.mutate(input, { onSuccess: (data) => setForm(formOf(data, language)) });
  };

  const serverWords = (): ReactNode => {
    const error = save.error;
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'validation_failed')
      return <Notice tone="error">{t('error.invalid')}</Notice>;
    return <ErrorAlert error={error} />;
  };

  const described = (name: string, hint: boolean, problem: boolean) =>
    [hint ? `${id}-${name}-hint` : '', problem ? `${id}-${name}-problem` : ''].filter(Boolean).join(' ') ||
    undefined;
  const problemLine = (name: Field) =>
    problems[name] && (
      <span id={`${id}-${name}-problem`} className="reported-mail__problem">
        {problems[name]}
      </span>
    );
  const list = (name: 'reviewers' | 'domains', label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <textarea
        id={`${id}-${name}`}
        dir="ltr"
        rows={3}
        spellCheck={false}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={described(name, true, Boolean(problems[name]))}
        value={form[name]}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      <span id={`${id}-${name}-hint`} className="field__hint">
        {hint}
      </span>
      {problemLine(name)}
    </div>
  );
  /** Hookwise's text as words: the subject placeholder said, never shown raw. */
  const readable = (text: string) => text.split(SUBJECT_PLACEHOLDER).join(t('answers.reportedSubject'));

  return (
    <form onSubmit={submit} noValidate className="reported-mail__intake">
      <fieldset>
        <legend>{t('followup.reviewersTitle')}</legend>
        <div className="field">
          <label htmlFor={`${id}-profile`}>{t('followup.profile')}</label>
          <select
            id={`${id}-profile`}
            aria-describedby={`${id}-profile-hint`}
            value={form.profile}
            onChange={(e) => set({ profile: e.target.value })}
          >
            <option value="">{t('followup.noProfile')}</option>
            {form.profile && !profiles.data?.some((p) => p.id === form.profile) && (
              <option value={form.profile}>{t('followup.unknownProfile')}</option>
            )}
            {profiles.data?.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
          <span id={`${id}-profile-hint`} className="field__hint">
            {t('followup.profileHint')}
          </span>
        </div>
        <ErrorAlert error={profiles.error} />
        {list('reviewers', t('followup.reviewers'), t('followup.reviewersHint'))}
        <div className="field">
          <label htmlFor={`${id}-interval`}>{t('followup.interval')}</label>
          <input
            id={`${id}-interval`}
            type="number"
            inputMode="numeric"
            min={5}
            max={10080}
            step={1}
            aria-invalid={problems.interval ? true : undefined}
            aria-describedby={described('interval', true, Boolean(problems.interval))}
            value={form.interval}
            onChange={(e) => set({ interval: e.target.value })}
          />
          <span id={`${id}-interval-hint`} className="field__hint">
            {t('followup.intervalHint')}
          </span>
          {problemLine('interval')}
        </div>
        <dl className="reported-mail__facts">
          <div className="reported-mail__fact">
            <dt>{t('followup.lastMailed')}</dt>
            <dd>
              {current.reviewers_mailed_at
                ? formatDateTime(current.reviewers_mailed_at)
                : t('followup.neverMailed')}
            </dd>
          </div>
        </dl>
      </fieldset>
      <fieldset>
        <legend>{t('pseudonymous.title')}</legend>
        <div className="reported-mail__check">
          <input
            id={`${id}-pseudonymous`}
            type="checkbox"
            aria-describedby={`${id}-pseudonymous-hint`}
            checked={form.pseudonymous}
            onChange={(e) => set({ pseudonymous: e.target.checked })}
          />
          <label htmlFor={`${id}-pseudonymous`}>{t('pseudonymous.label')}</label>
        </div>
        <p id={`${id}-pseudonymous-hint`} className="field__hint">
          {t('pseudonymous.hint')}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('answers.title')}</legend>
        <div className="reported-mail__check">
          <input
            id={`${id}-enabled`}
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          <label htmlFor={`${id}-enabled`}>{t('answers.enabled')}</label>
        </div>
        {list('domains', t('answers.domains'), t('answers.domainsHint'))}
        <p className="field__hint">
          {/* The placeholder is something to type: set as code, never as a sentence's words. */}
          {t('answers.textsIntro', { language: languageName, placeholder: PLACEHOLDER_SLOT })
            .split(PLACEHOLDER_SLOT)
            .flatMap((part, i) => (i === 0 ? [part] : [<code key={i}>{SUBJECT_PLACEHOLDER}</code>, part]))}
        </p>
        {ANSWER_KINDS.map((kind) => {
          const hookwise =
            current.default_texts[kind]?.[language] ?? current.default_texts[kind]?.[DEFAULT_LANGUAGE];
          const problem = Boolean(problems[kind]);
          return (
            <fieldset key={kind} className="reported-mail__answer">
              <legend>{t(KIND_WORDS[kind])}</legend>
              {hookwise && (
                <div className="reported-mail__default">
                  <p className="reported-mail__fact-label">{t('answers.hookwiseText')}</p>
                  <p className="reported-mail__text">
                    <strong>{readable(hookwise.subject)}</strong>
                  </p>
                  <p className="reported-mail__text">{readable(hookwise.text)}</p>
                </div>
              )}
              <div className="field">
                <label htmlFor={`${id}-${kind}-subject`}>
                  {t('answers.ownSubject', { language: languageName })}
                </label>
                <input
                  id={`${id}-${kind}-subject`}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={described(kind, false, problem)}
                  value={form.own[kind].subject}
                  onChange={(e) => setOwn(kind, { subject: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-${kind}-text`}>
                  {t('answers.ownText', { language: languageName })}
                </label>
                <textarea
                  id={`${id}-${kind}-text`}
                  rows={4}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={described(kind, false, problem)}
                  value={form.own[kind].text}
                  onChange={(e) => setOwn(kind, { text: e.target.value })}
                />
                {problemLine(kind)}
              </div>
            </fieldset>
          );
        })}
      </fieldset>
      {Object.keys(problems).length > 0 && <Notice tone="error">{t('error.fix')}</Notice>}
      {serverWords()}
      {save.isSuccess && <Notice tone="success">{t('followup.saved')}</Notice>}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? t('followup.saving') : t('followup.save')}
      </button>
    </form>
  );
}
