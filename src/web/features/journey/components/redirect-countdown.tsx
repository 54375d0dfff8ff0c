/**
 * Back to default_url: one primary button, and a visible countdown that can be paused or
 * switched off (WCAG 2.2.1: people who need more time must be able to stop a time limit). The
 * line under the buttons says what the timer is doing now — counting, paused or off — never two
 * of them at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '@web/hooks/use-t';
import { formatNumber } from '../lib/format';
import './redirect-countdown.css';

export const REDIRECT_SECONDS = 15;

type Mode = 'running' | 'paused' | 'off';

export function RedirectCountdown({ url }: { url: string }) {
  const { t, i18n } = useT();
  const [remaining, setRemaining] = useState(REDIRECT_SECONDS);
  const [mode, setMode] = useState<Mode>('running');
  // The interval owns the count, so each second is counted even if a render is late.
  const left = useRef(REDIRECT_SECONDS);

  useEffect(() => {
    if (mode !== 'running') return;
    const timer = window.setInterval(() => {
      left.current = Math.max(left.current - 1, 0);
      setRemaining(left.current);
      if (left.current === 0) {
        window.clearInterval(timer);
        window.location.assign(url);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [mode, url]);

  const seconds = formatNumber(remaining, i18n.language);
  const status =
    mode === 'running'
      ? t('completed.countdown', { seconds })
      : mode === 'paused'
        ? t('completed.paused')
        : t('completed.stopped');
  return (
    <div className="countdown">
      <div className="journey-actions">
        <a className="button journey-button" href={url} rel="noopener noreferrer">
          {t('completed.returnNow')}
        </a>
      </div>
      {/* role=timer is not announced each second; the state changes below are. */}
      <p className="countdown__text muted" role="timer" aria-atomic="true">
        {status}
      </p>
      {mode !== 'off' && (
        <p className="countdown__controls">
          <button
            type="button"
            className="link-button"
            onClick={() => setMode(mode === 'running' ? 'paused' : 'running')}
          >
            {mode === 'running' ? t('completed.pause') : t('completed.resume')}
          </button>
          <button type="button" className="link-button" onClick={() => setMode('off')}>
            {t('completed.stay')}
          </button>
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {mode === 'paused' ? t('completed.paused') : mode === 'off' ? t('completed.stopped') : ''}
      </p>
    </div>
  );
}
