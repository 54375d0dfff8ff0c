/**
 * `clicked` is reported only from the running page, with what the page saw of itself: whether
 * automation drives it (navigator.webdriver), how long it was visible, whether it had focus, and
 * whether a trusted gesture (isTrusted pointer/key/touch, the pointer having moved) happened. A
 * render beacon goes once the page has been visible for BEACON_VISIBLE_MS; a gesture is reported
 * too, even after the beacon, since it upgrades the verdict. The server judges (README "How
 * clicks are judged"); a plain GET of /phish (a mail scanner) never gets this far.
 */
import { useCallback, useEffect, useRef } from 'react';
import { BEACON_VISIBLE_MS, type Gesture } from '@shared/clicks';
import { postEvent } from '../api/events';

type PageKind = 'builtin' | 'template';
type Reason = 'render_beacon' | 'user_gesture';

export function useClickBeacon(rid: string, page: PageKind) {
  const sent = useRef(new Set<Reason>());
  const visible = useRef({ total: 0, since: -1 });
  const moved = useRef(false);
  const visibleMs = () => {
    const v = visible.current;
    return Math.round(v.total + (v.since >= 0 ? performance.now() - v.since : 0));
  };
  const send = useCallback(
    (reason: Reason, gesture?: Gesture, trusted = false) => {
      if (sent.current.has(reason)) return;
      sent.current.add(reason);
      const evidence = {
        // Absent in some browsers (and jsdom): only a true value is a marker.
        webdriver: navigator.webdriver === true,
        visible_ms: visibleMs(),
        focused: document.hasFocus(),
        trusted_gesture: trusted,
        pointer_moved: moved.current,
      };
      const elapsed = Math.round(performance.now());
      postEvent({
        rid,
        type: 'clicked',
        details: { reason, elapsed_ms: elapsed, page, evidence, ...(gesture ? { gesture } : {}) },
      }).catch(() => undefined);
    },
    [rid, page],
  );

  useEffect(() => {
    if (document.visibilityState === 'visible') visible.current.since = performance.now();
    const listeners: [string, Gesture][] = [
      ['pointerdown', 'pointer'],
      ['keydown', 'key'],
      ['touchstart', 'touch'],
    ];
    const onMove = (event: Event) => {
      if (event.isTrusted) moved.current = true;
    };
    window.addEventListener('pointermove', onMove, { capture: true, passive: true });
    const handlers = listeners.map(([name, gesture]) => {
      const handler = (event: Event) => send('user_gesture', gesture, event.isTrusted);
      window.addEventListener(name, handler, { capture: true, passive: true });
      return () => window.removeEventListener(name, handler, { capture: true });
    });
    let timer: number | undefined;
    const arm = () => {
      window.clearTimeout(timer);
      const v = visible.current;
      if (document.visibilityState === 'visible') {
        if (v.since < 0) v.since = performance.now();
        timer = window.setTimeout(() => send('render_beacon'), Math.max(0, BEACON_VISIBLE_MS - visibleMs()));
      } else if (v.since >= 0) {
        v.total += performance.now() - v.since;
        v.since = -1;
      }
    };
    // After the first paint, not merely after mounting.
    const frame = requestAnimationFrame(arm);
    document.addEventListener('visibilitychange', arm);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
      window.removeEventListener('pointermove', onMove, { capture: true });
      handlers.forEach((remove) => remove());
    };
  }, [send]);

  return send;
}
