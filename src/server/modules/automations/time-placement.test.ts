import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { localParts, localTime, placeMessage, workingDays, zonedInstant } from './time-placement';

const hours = { start: 9 * 60, end: 17 * 60 };
const weekday = (at: number, timeZone: string) => {
  const p = localParts(at, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
};

describe('where a message falls in the month', () => {
  it('finds the instant a local wall clock shows, across offsets and daylight saving', () => {
    expect(
      new Date(zonedInstant({ year: 2027, month: 1, day: 14 }, 9 * 60, 'Europe/Berlin')).toISOString(),
    ).toBe('2027-01-14T08:00:00.000Z');
    expect(
      new Date(zonedInstant({ year: 2027, month: 7, day: 14 }, 9 * 60, 'Europe/Berlin')).toISOString(),
    ).toBe('2027-07-14T07:00:00.000Z');
    expect(
      new Date(
        zonedInstant({ year: 2027, month: 3, day: 15 }, 16 * 60 + 30, 'America/New_York'),
      ).toISOString(),
    ).toBe('2027-03-15T20:30:00.000Z');
    expect(
      new Date(zonedInstant({ year: 2027, month: 1, day: 4 }, 9 * 60, 'Asia/Kolkata')).toISOString(),
    ).toBe('2027-01-04T03:30:00.000Z');
    expect(localTime(Date.parse('2027-01-04T03:30:00.000Z'), 'Asia/Kolkata')).toBe('2027-01-04 09:00');
  });

  it('counts Monday to Friday only', () => {
    // February 2027: 1 February is a Monday; 20 weekdays.
    const days = workingDays('2027-02');
    expect(days).toHaveLength(20);
    expect(days[0]).toEqual({ year: 2027, month: 2, day: 1 });
    expect(days.map((d) => d.day)).not.toContain(6);
  });

  it('places every message on a working day of the month, within working hours in the zone', () => {
    for (const timeZone of [
      'Europe/Berlin',
      'America/Los_Angeles',
      'Asia/Tokyo',
      'Pacific/Auckland',
      'UTC',
    ]) {
      for (let slot = 0; slot < 40; slot++) {
        const at = placeMessage({
          month: '2027-03',
          timeZone,
          hours,
          slot,
          dayOrder: [...Array(23).keys()],
          after: Date.parse('2027-02-20T00:00:00Z'),
          random: seededRandom(`${timeZone}${slot}`),
        });
        expect(at).not.toBeNull();
        const local = localParts(at!, timeZone);
        expect(`${local.year}-${local.month}`, timeZone).toBe('2027-3');
        expect(local.minutes).toBeGreaterThanOrEqual(hours.start);
        expect(local.minutes).toBeLessThan(hours.end);
        expect([1, 2, 3, 4, 5]).toContain(weekday(at!, timeZone));
      }
    }
  });

  it('gives colleagues different days while the month has enough, and nothing before the plan is made', () => {
    const dayOrder = [...Array(22).keys()].reverse();
    const days = new Set<number>();
    for (let slot = 0; slot < 22; slot++) {
      const at = placeMessage({
        month: '2027-06',
        timeZone: 'Europe/Berlin',
        hours,
        slot,
        dayOrder,
        after: Date.parse('2027-05-31T00:00:00Z'),
        random: seededRandom(String(slot)),
      });
      days.add(localParts(at!, 'Europe/Berlin').day);
    }
    expect(days.size).toBe(22);

    const after = Date.parse('2027-06-29T13:00:00Z'); // Tuesday 29 June, 15:00 in Berlin
    const late = placeMessage({
      month: '2027-06',
      timeZone: 'Europe/Berlin',
      hours,
      slot: 0,
      dayOrder: [0],
      after,
      random: seededRandom('late'),
    });
    expect(late).toBeGreaterThan(after);
    expect(localParts(late!, 'Europe/Berlin').day).toBeGreaterThanOrEqual(29);

    const over = Date.parse('2027-06-30T15:00:00Z'); // the month's last working hour in Berlin is past
    expect(
      placeMessage({
        month: '2027-06',
        timeZone: 'Europe/Berlin',
        hours,
        slot: 0,
        dayOrder: [0],
        after: over,
        random: seededRandom('over'),
      }),
    ).toBeNull();
  });
});
