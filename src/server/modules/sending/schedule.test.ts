import { describe, expect, it } from 'vitest';
import { dueTimes, intervalMs, localMinutes, nextInWindow, retryDelayMs, type Schedule } from './schedule';

const base: Schedule = { ratePerMinute: 60, spreadMinutes: 0, window: null, timeZone: 'UTC', timeScale: 1 };

describe('the sending schedule', () => {
  it('spaces messages by the rate, or wider to spread them over the duration', () => {
    expect(intervalMs(base, 100)).toBe(1000);
    // 100 messages over 200 minutes: one every 2 minutes, slower than the rate allows.
    expect(intervalMs({ ...base, spreadMinutes: 200 }, 100)).toBe(120_000);
    expect(intervalMs({ ...base, timeScale: 60 }, 100)).toBeCloseTo(1000 / 60);
  });

  it('keeps every message inside the window, in the window’s time zone', () => {
    // 09:00–17:00 in New York (UTC-5 in December).
    const schedule = { ...base, window: { start: 9 * 60, end: 17 * 60 }, timeZone: 'America/New_York' };
    const start = Date.parse('2026-12-01T21:30:00Z'); // 16:30 in New York
    const times = dueTimes(schedule, 40, intervalMs({ ...base, ratePerMinute: 1 }, 40), start);
    for (const at of times) {
      const local = localMinutes(at, 'America/New_York');
      expect(local >= 9 * 60 && local < 17 * 60, new Date(at).toISOString()).toBe(true);
    }
    // 30 fit before 17:00; the rest wait for 09:00 the next day.
    expect(new Date(times[29]!).toISOString()).toBe('2026-12-01T21:59:00.000Z');
    expect(new Date(times[30]!).toISOString()).toBe('2026-12-02T14:00:00.000Z');
  });

  it('handles a window across midnight', () => {
    const window = { start: 22 * 60, end: 6 * 60 };
    expect(nextInWindow(Date.parse('2026-12-01T23:10:00Z'), { window, timeZone: 'UTC' })).toBe(
      Date.parse('2026-12-01T23:10:00Z'),
    );
    expect(nextInWindow(Date.parse('2026-12-01T12:00:30Z'), { window, timeZone: 'UTC' })).toBe(
      Date.parse('2026-12-01T22:00:00Z'),
    );
  });

  it('backs off temporary failures, compressed by the time scale', () => {
    expect([1, 2, 3, 10].map((n) => retryDelayMs(n, 1))).toEqual([60_000, 120_000, 240_000, 3_600_000]);
    expect(retryDelayMs(2, 60)).toBe(2000);
  });
});
