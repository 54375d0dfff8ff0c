/**
 * `clicked` is reported only from the running page, with what the page saw of itself: whether
 * automation drives it (navigator.webdriver), how long it was visible, whether it had focus, and
 * the first trusted (isTrusted) gesture: a mouse press after the pointer moved, a tap of a finger
 * or pen (no hover before it), or a key (keyboard and screen-reader users), with how many
 * pointer moves and keys the page saw, how long it was visible before the gesture and where a
 * press landed — never which keys. A render beacon goes once the page has been visible for
 * BEACON_VISIBLE_MS, or when the page is hidden or left before that; a gesture is reported too,
 * even after the beacon, since it upgrades the verdict. A gesture that cannot count (synthetic,
 * or a mouse press without movement) does not stop the page from reporting a later one that
 * can. Events go with keepalive, so closing the tab right after a gesture loses nothing. The
 * server judges (docs/clicks.md); a plain GET of /phish (a mail scanner) never gets this far.
 * Pointer Events cover touch and pen in every current browser: no touch listener is needed.
 */
import { useCallback, useEffect, useRef } from 'react';
import { BEACON_VISIBLE_MS, MAX_COUNTED, VIA_PARAM, type Gesture } from '@shared/clicks';
import type { ClickEvidence, ClickReason } from '@shared/journey';
import { postEvent } from '../api/events';

/** A page left before the beacon still reports itself once it has been seen this long. */
const LEFT_AFTER_MS = 1000;

type First = Pick<ClickEvidence, 'pointer_type' | 'gesture_after_ms' | 'press_x' | 'press_y'>;

export function useClickBeacon(rid: string, page: 'builtin' | 'template') {
  // What was sent: the render beacon, a gesture that counts, one that does not (for its evidence).
  const sent = useRef({ beacon: false, counted: false, uncounted: false });
  const visible = useRef({ total: 0, since: -1 });
  const seen = useRef({ moves: 0, keys: 0, first: null as First | null });
  const visibleMs = () => {
    const v = visible.current;
    return Math.round(v.total + (v.since >= 0 ? performance.now() - v.since : 0));
  };

  const post = useCallback(
    (reason: ClickReason, gesture?: Gesture, trusted = false) => {
      const { moves, keys, first } = seen.current;
      const evidence: ClickEvidence = {
        // Absent in some browsers (and jsdom): only a true value is a marker.
        webdriver: navigator.webdriver === true,
        visible_ms: visibleMs(),
        focused: document.hasFocus(),
        trusted_gesture: trusted,
        pointer_moved: moves > 0,
        moves: Math.min(moves, MAX_COUNTED),
        keys: Math.min(keys, MAX_COUNTED),
        ...first,
      };
      const via = new URLSearchParams(location.search).get(VIA_PARAM) === 'qr' ? 'qr' : 'link';
      const details = {
        reason,
        elapsed_ms: Math.round(performance.now()),
        page,
        evidence,
        via,
        gesture,
      } as const;
      postEvent({ rid, type: 'clicked', details }).catch(() => undefined);
    },
    [rid, page],
  );

  /** Reports the page's use (a submit) when no gesture was reported yet: the server judges it. */
  const reportUse = useCallback(() => {
    const s = sent.current;
    if (s.counted || s.uncounted) return;
    s.uncounted = true;
    post('user_gesture');
  }, [post]);

  useEffect(() => {
    const s = sent.current;
    const beacon = () => {
      if (s.beacon) return;
      s.beacon = true;
      post('render_beacon');
    };
    const onGesture = (event: Event) => {
      const trusted = event.isTrusted;
      if (event.type === 'pointermove') {
        if (trusted) seen.current.moves += 1;
        return;
      }
      if (s.counted) return;
      const pointer = event as PointerEvent;
      const key = event.type === 'keydown';
      if (key && trusted) seen.current.keys += 1;
      const type = key
        ? undefined
        : pointer.pointerType === 'touch' || pointer.pointerType === 'pen'
          ? pointer.pointerType
          : 'mouse';
      if (trusted && !seen.current.first) {
        seen.current.first = {
          gesture_after_ms: visibleMs(),
          ...(type && {
            pointer_type: type,
            press_x: Math.max(0, Math.round(pointer.clientX || 0)),
            press_y: Math.max(0, Math.round(pointer.clientY || 0)),
          }),
        };
      }
      const gesture: Gesture = key ? 'key' : type === 'mouse' ? 'pointer' : 'touch';
      if (trusted && (type !== 'mouse' || seen.current.moves > 0)) {
        s.counted = true;
        post('user_gesture', gesture, true);
      } else if (!s.uncounted) {
        s.uncounted = true;
        post('user_gesture', gesture, trusted);
      }
    };
    const capture = { capture: true, passive: true } as const;
    const names = ['pointermove', 'pointerdown', 'keydown'];
    for (const name of names) window.addEventListener(name, onGesture, capture);

    let timer: number | undefined;
    const arm = () => {
      window.clearTimeout(timer);
      const v = visible.current;
      if (document.visibilityState === 'visible') {
        if (v.since < 0) v.since = performance.now();
        timer = window.setTimeout(beacon, Math.max(0, BEACON_VISIBLE_MS - visibleMs()));
        return;
      }
      if (v.since >= 0) v.total += performance.now() - v.since;
      v.since = -1;
      // Hidden: the tab was closed or left. What the page saw still counts.
      if (visibleMs() >= LEFT_AFTER_MS) beacon();
    };
    // After the first paint, not merely after mounting.
    const frame = requestAnimationFrame(arm);
    document.addEventListener('visibilitychange', arm);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
      for (const name of names) window.removeEventListener(name, onGesture, capture);
    };
  }, [post]);

  return reportUse;
}
