/**
 * A launched campaign's sending: its health first (failing, or paused after repeated failures,
 * with the cause in plain words), then its progress (queued, sent, failed and why) with pause,
 * resume and cancel. The launch starts the sending; the plan form here is for a campaign launched
 * without it (the operator sent the links, or imported it live) that should now send.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@console/components/error-alert';
import { formatDateTime, formatNumber } from '@console/lib/format';
import { useT } from '@console/hooks/use-t';
import type { CampaignSummary } from '@shared/admin-api';
import { OUTBOX_STATES, type SendingProgress } from '@shared/sending';
import { useSendingAction, useSendingProfiles, useSendingProgress, useStartSending } from '../api/sending';
import { failureWords } from '../lib/failure-words';
import { SendingHealthNotice } from './sending-health-notice';

export function SendingPanel({ campaign, canChange }: { campaign: CampaignSummary; canChange: boolean }) {
  const { t } = useT();
  const progress = useSendingProgress(campaign.id);
  const action = useSendingAction(campaign.id);
  const data = progress.data;
  const open = campaign.status === 'running' || campaign.status === 'scheduled';
  return (
    <section className="panel" aria-labelledby="overview-sending">
      <h2 id="overview-sending">{t('sending.title')}</h2>
      <ErrorAlert error={progress.error ?? action.error} />
      {data && <SendingHealthNotice health={data.health} timeZone={campaign.time_zone} />}
      {data && <Progress progress={data} timeZone={campaign.time_zone} />}
      {canChange && data?.state === 'running' && (
        <button type="button" className="button" onClick={() => action.mutate('pause')}>
          {t('sending.pause')}
        </button>
      )}
      {canChange && data?.state === 'paused' && (
        <button type="button" className="button" onClick={() => action.mutate('resume')}>
          {t('sending.resume')}
        </button>
      )}
      {canChange && (data?.state === 'running' || data?.state === 'paused') && (
        <button type="button" className="button button--danger" onClick={() => action.mutate('cancel')}>
          {t('sending.cancel')}
        </button>
      )}
      {canChange && open && data && data.state !== 'running' && data.state !== 'paused' && (
        <StartForm campaignId={campaign.id} />
      )}
    </section>
  );
}

function Progress({ progress, timeZone }: { progress: SendingProgress; timeZone: string }) {
  const { t } = useT();
  if (!progress.state) return <p className="muted">{t('sending.none')}</p>;
  return (
    <>
      <p>
        {t(`sending.state.${progress.state}`)}
        {progress.next_due_at &&
          ` · ${t('sending.nextDue', { time: formatDateTime(progress.next_due_at, timeZone) })}`}
      </p>
      <table className="table">
        <thead>
          <tr>
            {OUTBOX_STATES.map((state) => (
              <th key={state} scope="col">
                {t(`sending.count.${state}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {OUTBOX_STATES.map((state) => (
              <td key={state}>{formatNumber(progress.counts[state])}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {progress.failures.length > 0 && (
        <table className="table">
          <caption>{t('sending.failures')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sending.recipient')}</th>
              <th scope="col">{t('sending.attempts')}</th>
              <th scope="col">{t('sending.why')}</th>
            </tr>
          </thead>
          <tbody>
            {progress.failures.map((f) => (
              <tr key={f.recipient_id}>
                <td>{f.email ?? '—'}</td>
                <td>{f.attempts}</td>
                <td>{failureWords(t, { cause: f.cause ?? 'other', detail: f.reply })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function StartForm({ campaignId }: { campaignId: string }) {
  const { t } = useT();
  const profiles = useSendingProfiles();
  const start = useStartSending(campaignId);
  const [profileId, setProfileId] = useState('');
  const [rate, setRate] = useState('60');
  const [spread, setSpread] = useState('0');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const chosen = profileId || profiles.data?.[0]?.id || '';
  if (profiles.data?.length === 0)
    return (
      <p className="muted">
        {t('sending.noProfiles')} <Link to="/sending-profiles">{t('nav.sendingProfiles')}</Link>
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({
      profile_id: chosen,
      rate_per_minute: Number(rate),
      spread_minutes: Number(spread),
      ...(from && until ? { window: { start: from, end: until } } : {}),
    });
  };
  return (
    <form className="form" onSubmit={submit}>
      <ErrorAlert error={profiles.error ?? start.error} />
      <label className="field">
        <span className="field__label">{t('sending.profile')}</span>
        <select className="field__control" value={chosen} onChange={(e) => setProfileId(e.target.value)}>
          {profiles.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.host}:{p.port})
            </option>
          ))}
        </select>
      </label>
      <InputField label={t('sending.rate')} type="number" min={1} value={rate} onChange={setRate} />
      <InputField label={t('sending.spread')} type="number" min={0} value={spread} onChange={setSpread} />
      <InputField label={t('sending.windowStart')} type="time" value={from} onChange={setFrom} />
      <InputField label={t('sending.windowEnd')} type="time" value={until} onChange={setUntil} />
      <button type="submit" className="button button--primary" disabled={!chosen || start.isPending}>
        {t('sending.start')}
      </button>
    </form>
  );
}

/** A labelled input of the start form: the label wraps it, as the form's other fields. */
function InputField(props: {
  label: string;
  type: 'number' | 'time';
  min?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        className="field__control"
        type={props.type}
        min={props.min}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
