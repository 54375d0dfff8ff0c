import { describe, expect, it } from 'vitest';
import { zonedToUtcIso } from './zoned-time';

describe('zonedToUtcIso', () => {
  it('reads a wall-clock time in the given zone, in winter and in summer', () => {
    expect(zonedToUtcIso('2026-12-01T09:00', 'Europe/Paris')).toBe('2026-12-01T08:00:00.000Z');
    expect(zonedToUtcIso('2026-07-01T09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedToUtcIso('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedToUtcIso('2026-07-01T09:00', 'Asia/Kolkata')).toBe('2026-07-01T03:30:00.000Z');
    expect(zonedToUtcIso('2026-07-01T09:00', 'UTC')).toBe('2026-07-01T09:00:00.000Z');
  });

  it('gives undefined for an incomplete value', () => {
    expect(zonedToUtcIso('2026-07-01', 'UTC')).toBeUndefined();
  });
});
