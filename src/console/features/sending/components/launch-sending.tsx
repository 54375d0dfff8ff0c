/**
 * The launch dialog's sending part: which profile sends (or "I send the links myself", saying
 * that no e-mail goes out and where the links are), the pace and daily window, what will happen
 * (the server's count and times, worded in the operator's language and the chosen zone), and
 * "send me this e-mail" through the chosen profile before launching.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useT } from '@console/hooks/use-t';
import { formatNumber } from '@console/lib/format';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import type { SendingProfile, SendingSummary } from '@shared/sending';
import { useEmailTest, useSendingSummary } from '../api/sending';
import { failureWords } from '../lib/failure-words';
import { LINKS_MYSELF, paceOf, type SendingChoice } from '../lib/launch-plan';
import './launch-sending.css';

interface LaunchSendingProps {
  campaignId: string;
  profiles: SendingProfile[];
  /** The chosen profile (the first until the operator chooses), or LINKS_MYSELF. */
  profileId: string;
  choice: SendingChoice;
  onChange: (choice: SendingChoice) => void;
  startsAt: string | null;
  timeZone: string;
  languages: LanguageCode[];
}

export function LaunchSending(props: LaunchSendingProps) {
  const { t } = useT();
  const id = useId();
  const { choice, onChange, profileId } = props;
  const links = profileId === LINKS_MYSELF;
  const set = (change: Partial<SendingChoice>) => onChange({ ...choice, ...change });
  return (
    <>
      <fieldset className="launch__group">
        <legend>{t('launch.how')}</legend>
        <div className="field">
          <label htmlFor={`${id}-profile`}>{t('launch.profile')}</label>
          <select id={`${id}-profile`} value={profileId} onChange={(e) => set({ profileId: e.target.value })}>
            {props.profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.host}:{p.port})
              </option>
            ))}
            <option value={LINKS_MYSELF}>{t('launch.linksMyself')}</option>
          </select>
        </div>
        {props.profiles.length === 0 && (
          <p className="muted">
            {t('launch.noProfiles')} <Link to="/sending-profiles">{t('nav.sendingProfiles')}</Link>
          </p>
        )}
        {links && <Notice tone="warning">{t('launch.linksMyselfHint')}</Notice>}
      </fieldset>
      {!links && (
        <>
          <fieldset className="launch__group">
            <legend>{t('launch.pace')}</legend>
            <div className="form-row">
              <NumberField
                id={`${id}-rate`}
                label={t('sending.rate')}
                min={1}
                value={choice.rate}
                onChange={(rate) => set({ rate })}
              />
              <NumberField
                id={`${id}-spread`}
                label={t('sending.spread')}
                min={0}
                value={choice.spread}
                onChange={(spread) => set({ spread })}
              />
            </div>
            <div className="form-row">
              <TimeField
                id={`${id}-from`}
                label={t('sending.windowStart')}
                value={choice.from}
                onChange={(from) => set({ from })}
              />
              <TimeField
                id={`${id}-until`}
                label={t('sending.windowEnd')}
                value={choice.until}
                onChange={(until) => set({ until })}
              />
            </div>
          </fieldset>
          <Summary {...props} />
          <SendMe {...props} />
        </>
      )}
    </>
  );
}

function Summary({ campaignId, choice, startsAt, timeZone }: LaunchSendingProps) {
  const { t } = useT();
  const plan = { ...paceOf(choice, timeZone), ...(startsAt ? { starts_at: startsAt } : {}) };
  const summary = useSendingSummary(campaignId, plan, true);
  return (
    <div className="launch__summary" aria-live="polite">
      <ErrorAlert error={summary.error} />
      {summary.data && <SummaryText summary={summary.data} />}
      {summary.data && summary.data.without_address > 0 && (
        <p className="muted">{t('launch.withoutAddress', { count: summary.data.without_address })}</p>
      )}
    </div>
  );
}

/** "312 messages from 4 Mar, 09:00 to 11:30 Europe/Berlin, 150 per hour", in the operator's language. */
function SummaryText({ summary }: { summary: SendingSummary }) {
  return <p className="launch__summary-text">{useSummaryWords(summary)}</p>;
}

function useSummaryWords(summary: SendingSummary): string {
  const { t, i18n } = useT();
  const zone = summary.time_zone;
  if (summary.messages === 0 || !summary.first_at || !summary.last_at) return t('launch.summaryNone');
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(new Date(iso));
  const dated = new Intl.DateTimeFormat(i18n.language, {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const timeOnly = new Intl.DateTimeFormat(i18n.language, { timeZone: zone, timeStyle: 'short' });
  const first = dated.format(new Date(summary.first_at));
  if (summary.messages === 1) return t('launch.summaryOne', { first, zone });
  const sameDay = day(summary.first_at) === day(summary.last_at);
  return t('launch.summary', {
    messages: formatNumber(summary.messages),
    first,
    last: (sameDay ? timeOnly : dated).format(new Date(summary.last_at)),
    zone,
    perHour: formatNumber(summary.per_hour),
  });
}

function SendMe({ campaignId, profileId, languages }: LaunchSendingProps) {
  const { t } = useT();
  const id = useId();
  const test = useEmailTest(campaignId);
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<LanguageCode | ''>('');
  const chosen = language || languages[0] || 'en';
  const [invalid, setInvalid] = useState(false);
  const send = () => {
    if (!/^[^\s@]+@[^\s@]+$/.test(to)) return setInvalid(true);
    setInvalid(false);
    test.mutate({ profile_id: profileId, to, language: chosen });
  };
  const result = test.data;
  return (
    <fieldset className="launch__group">
      <legend>{t('launch.testTitle')}</legend>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('launch.testLanguage')}</label>
          <select
            id={`${id}-language`}
            value={chosen}
            onChange={(e) => setLanguage(e.target.value as LanguageCode)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {LANGUAGES[code].name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('launch.testTo')}</label>
          <input
            id={`${id}-to`}
            type="email"
            autoComplete="email"
            aria-invalid={invalid || undefined}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>
      <button type="button" className="button" onClick={send} disabled={test.isPending}>
        {t('launch.testSend', { language: LANGUAGES[chosen].name })}
      </button>
      {invalid && <Notice tone="error">{t('launch.testTo')}</Notice>}
      <ErrorAlert error={test.error} />
      {result?.sent && (
        <Notice tone="success">
          {t('launch.testSent', { to: test.variables?.to ?? to, reply: result.reply ?? '' })}
        </Notice>
      )}
      {result && !result.sent && (
        <Notice tone="error">{t('launch.testFailed', { cause: failureWords(t, result.failure) })}</Notice>
      )}
    </fieldset>
  );
}

function NumberField(props: {
  id: string;
  label: string;
  min: number;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        min={props.min}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

function TimeField(props: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input id={props.id} type="time" value={props.value} onChange={(e) => props.onChange(e.target.value)} />
    </div>
  );
}
