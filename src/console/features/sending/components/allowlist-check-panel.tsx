/**
 * The allow-listing check: send a message whose link Hookwise watches, then read, as it comes,
 * what opened the link and how it was judged ("a scanner in the network of … opened it 4 s
 * after delivery"). Sending is an operator's change; every role reads the checks.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@console/components/error-alert';
import { Notice } from '@console/components/notice';
import { useResultsT } from '@console/hooks/use-results-t';
import { useT } from '@console/hooks/use-t';
import { formatDateTime } from '@console/lib/format';
import {
  ALLOWLIST_CHECK_WINDOW_SECONDS,
  type AllowlistCheck,
  type AllowlistCheckVisit,
} from '@shared/sending';
import { useAllowlistChecks, useStartAllowlistCheck } from '../api/allowlist';
import { REASON_KEYS } from '@console/lib/reason-keys';
import { OUTCOME_KEYS } from '../lib/allowlist-keys';

const MINUTES = ALLOWLIST_CHECK_WINDOW_SECONDS / 60;

export function AllowlistCheckPanel({ profileId, canSend }: { profileId: string; canSend: boolean }) {
  const { t } = useT();
  const id = useId();
  const checks = useAllowlistChecks(profileId);
  const start = useStartAllowlistCheck(profileId);
  const [to, setTo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(to);
  };
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('allowlist.check.title')}</h2>
      <p>{t('allowlist.check.intro', { minutes: MINUTES })}</p>
      {canSend ? (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-to`}>{t('allowlist.check.to')}</label>
            <input
              id={`${id}-to`}
              type="email"
              required
              autoComplete="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={start.isPending}>
            {t('allowlist.check.send')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('allowlist.check.operatorsOnly')}</p>
      )}
      <ErrorAlert error={start.error ?? checks.error} />
      {checks.data?.length === 0 && <p className="muted">{t('allowlist.check.none')}</p>}
      {checks.data && checks.data.length > 0 && (
        <ol className="allowlist-checks" aria-label={t('allowlist.check.caption')}>
          {checks.data.map((check) => (
            <CheckReport key={check.id} check={check} readAt={checks.dataUpdatedAt} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** `readAt`: when the checks were read (the window is open if it ends after that). */
function CheckReport({ check, readAt }: { check: AllowlistCheck; readAt: number }) {
  const { t } = useT();
  const watching = check.window_ends_at !== null && Date.parse(check.window_ends_at) > readAt;
  const tone = check.outcome === 'scanner' ? 'warning' : check.outcome === 'no_visit' ? 'success' : 'info';
  return (
    <li className="allowlist-check" data-outcome={check.outcome}>
      <p className="muted">
        {t('allowlist.check.sentTo', {
          to: check.to,
          time: formatDateTime(check.sent_at ?? check.created_at),
        })}
      </p>
      {check.visits.length > 0 && (
        <ul>
          {check.visits.map((visit, i) => (
            <VisitLine key={`${visit.at}-${i}`} visit={visit} />
          ))}
        </ul>
      )}
      <Notice tone={tone}>{t(OUTCOME_KEYS[check.outcome], { minutes: MINUTES })}</Notice>
      {watching && (
        <p className="muted">
          {t('allowlist.check.watching', { time: formatDateTime(check.window_ends_at) })}
        </p>
      )}
    </li>
  );
}

function VisitLine({ visit }: { visit: AllowlistCheckVisit }) {
  const { t } = useT();
  const { t: tr } = useResultsT();
  const values = { scanner: visit.scanner ?? '', seconds: visit.seconds_after_send ?? 0 };
  const sentence =
    visit.scanner && visit.scanner_by === 'network'
      ? t('allowlist.visit.scannerNetwork', values)
      : visit.scanner
        ? t('allowlist.visit.scannerAgent', values)
        : visit.verdict === 'automated'
          ? t('allowlist.visit.automated', values)
          : t('allowlist.visit.other', values);
  const reasons = visit.reasons.map((reason) => tr(REASON_KEYS[reason])).join(', ');
  return (
    <li>
      {sentence} {reasons && <span className="muted">{t('allowlist.visit.why', { reasons })}</span>}
    </li>
  );
}
