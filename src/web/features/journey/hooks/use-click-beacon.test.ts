/**
 * The click report carries what the page saw of itself, so the server can tell a person from a
 * sandbox: navigator.webdriver, visible time, focus, and whether a gesture was trusted with the
 * pointer having moved. The render beacon waits for BEACON_VISIBLE_MS of visibility.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_VISIBLE_MS } from '@shared/clicks';
import { useClickBeacon } from './use-click-beacon';

const posted: unknown[] = [];

vi.mock('../api/events', () => ({
  postEvent: (body: unknown) => {
    posted.push(body);
    return Promise.resolve();
  },
}));

describe('useClickBeacon', () => {
  beforeEach(() => {
    posted.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('sends the render beacon only after the page was visible for BEACON_VISIBLE_MS, with evidence', () => {
    renderHook(() => useClickBeacon('rid-1', 'builtin'));
    vi.advanceTimersByTime(BEACON_VISIBLE_MS - 100);
    expect(posted).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(posted).toEqual([
      {
        rid: 'rid-1',
        type: 'clicked',
        details: expect.objectContaining({
          reason: 'render_beacon',
          page: 'builtin',
          evidence: {
            webdriver: expect.any(Boolean),
            visible_ms: expect.any(Number),
            focused: expect.any(Boolean),
            trusted_gesture: false,
            pointer_moved: false,
            moves: 0,
            keys: 0,
          },
          via: 'link',
        }),
      },
    ]);
  });

  it('reports a script-made (untrusted) gesture as untrusted, and a gesture even after the beacon', () => {
    renderHook(() => useClickBeacon('rid-2', 'builtin'));
    vi.advanceTimersByTime(BEACON_VISIBLE_MS + 100);
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({
      details: {
        reason: 'user_gesture',
        gesture: 'pointer',
        evidence: { trusted_gesture: false, pointer_moved: false },
      },
    });
  });
});

describe('useClickBeacon: every kind of person', () => {
  beforeEach(() => {
    posted.length = 0;
  });

  it('keeps listening after a gesture that cannot count, and reports the countable one with its counts', () => {
    renderHook(() => useClickBeacon('rid-3', 'builtin'));
    // A script-made press first: reported once, untrusted; a later one is not sent again.
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ details: { evidence: { trusted_gesture: false } } });
  });

  it('sends the via of a QR code link with the report', () => {
    window.history.replaceState(null, '', '/phish?rid=rid-4&via=qr');
    const { result } = renderHook(() => useClickBeacon('rid-4', 'builtin'));
    result.current();
    expect(posted[0]).toMatchObject({ details: { reason: 'user_gesture', via: 'qr' } });
    window.history.replaceState(null, '', '/');
  });
});
