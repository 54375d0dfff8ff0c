/**
 * `clicked` is recorded only from the running page: on the first user gesture, or by a beacon
 * once the page has rendered and is visible. Each carries its reason and timing; the server adds
 * the user agent. A plain GET of /phish (a mail scanner) never gets this far.
 */
import { useCallback, useEffect, useRef } from 'react';
import { recordOnce } from '../api/events';

type Gesture = 'pointer' | 'key' | 'touch';
type PageKind = 'builtin' | 'template';

/** How long the rendered page must have been visible before the beacon is sent. */
const BEACON_DELAY_MS = 800;

export function useClickBeacon(rid: string, page: PageKind) {
  const sent = useRef(false);
  const send = useCallback(
    (reason: 'render_beacon' | 'user_gesture', gesture?: Gesture) => {
      if (sent.current) return;
      sent.current = true;
      recordOnce({
        rid,
        type: 'clicked',
        details: { reason, elapsed_ms: Math.round(performance.now()), page, ...(gesture ? { gesture } : {}) },
      });
    },
    [rid, page],
  );

  useEffect(() => {
    const listeners: [string, Gesture][] = [
      ['pointerdown', 'pointer'],
      ['keydown', 'key'],
      ['touchstart', 'touch'],
    ];
    const handlers = listeners.map(([event, gesture]) => {
      const handler = () => send('user_gesture', gesture);
      window.addEventListener(event, handler, { capture: true, passive: true });
      return () => window.removeEventListener(event, handler, { capture: true });
    });
    let timer: number | undefined;
    const arm = () => {
      window.clearTimeout(timer);
      if (document.visibilityState === 'visible') {
        timer = window.setTimeout(() => send('render_beacon'), BEACON_DELAY_MS);
      }
    };
    // After the first paint, not merely after mounting.
    const frame = requestAnimationFrame(arm);
    document.addEventListener('visibilitychange', arm);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
      handlers.forEach((remove) => remove());
    };
  }, [send]);

  return send;
}
