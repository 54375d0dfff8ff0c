import { expect, it, vi } from 'vitest';
import { newRowId } from './ids';

// The times are after any id made before in this process (test files share their worker): ids
// never go back in time.
it('makes RFC 9562 version 7 ids that sort by the time they were made', () => {
  vi.useFakeTimers({ now: Date.parse('2036-11-24T10:00:00.000Z'), toFake: ['Date'] });
  try {
    const first = newRowId();
    vi.setSystemTime(Date.parse('2036-11-24T10:00:00.001Z'));
    const second = newRowId();
    vi.setSystemTime(Date.parse('2037-01-01T00:00:00.000Z'));
    const third = newRowId();
    for (const id of [first, second, third]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect([third, first, second].sort()).toEqual([first, second, third]);
    // The first 48 bits are the milliseconds.
    expect(parseInt(first.replace('-', '').slice(0, 12), 16)).toBe(Date.parse('2036-11-24T10:00:00.000Z'));
    // Ids made in one millisecond differ, and sort in the order they were made.
    const burst = Array.from({ length: 5000 }, newRowId);
    expect(new Set(burst).size).toBe(5000);
    expect([...burst].sort()).toEqual(burst);
    // A clock set back does not send ids back in time.
    vi.setSystemTime(Date.parse('2036-11-24T10:00:00.000Z'));
    expect(newRowId() > burst.at(-1)!).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
