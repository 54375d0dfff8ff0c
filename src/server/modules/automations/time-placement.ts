/**
 * Where a month's message falls: a working day (Monday to Friday) of the month in the person's own
 * calendar, at a minute within their working hours in their time zone, never before the moment
 * the plan is made. Colleagues are given different days where the month has enough of them.
 */
const MINUTE = 60_000;

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** Minutes after local midnight. */
export interface WorkingHours {
  start: number;
  end: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local calendar date and minute of the day at `at` in `timeZone`. */
export function localParts(at: number, timeZone: string): LocalDate & { minutes: number } {
  const parts = formatter(timeZone).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    minutes: value('hour') * 60 + value('minute'),
  };
}

/** "2027-01-14 09:30" in `timeZone`. */
export function localTime(at: number, timeZone: string): string {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(Math.floor(p.minutes / 60))}:${two(p.minutes % 60)}`;
}

/** The instant (ms) a wall clock in `timeZone` shows `minutes` after midnight of `date`. */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE;
  const offsetAt = (at: number) => {
    const p = localParts(at, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day) + p.minutes * MINUTE - (at - (at % MINUTE));
  };
  const first = wall - offsetAt(wall);
  // Across a change of offset the second guess is the one the clock shows.
  const second = wall - offsetAt(first);
  return second;
}

/** Monday to Friday of `month` (YYYY-MM), as calendar dates. */
export function workingDays(month: string): LocalDate[] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days: LocalDate[] = [];
  for (let day = 1; day <= new Date(Date.UTC(year, m, 0)).getUTCDate(); day++) {
    const weekday = new Date(Date.UTC(year, m - 1, day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push({ year, month: m, day });
  }
  return days;
}

export interface Placement {
  month: string;
  timeZone: string;
  hours: WorkingHours;
  /** The person's place among their colleagues this month: slot n gets the n-th of the drawn days. */
  slot: number;
  /** The order of the month's working days drawn for the person's department. */
  dayOrder: readonly number[];
  /** Nothing is placed at or before this instant (the plan is being made then). */
  after: number;
  random: () => number;
}

/** The first minute of the day's working hours that is after `after`, or null when none is. */
function firstMinuteAfter(date: LocalDate, hours: WorkingHours, timeZone: string, after: number) {
  const opens = zonedInstant(date, hours.start, timeZone);
  if (opens > after) return hours.start;
  if (zonedInstant(date, hours.end - 1, timeZone) <= after) return null;
  let minute = hours.start + Math.floor((after - opens) / MINUTE);
  while (minute < hours.end && zonedInstant(date, minute, timeZone) <= after) minute += 1;
  return minute < hours.end ? minute : null;
}

/** The instant of the person's message, or null when no working time of the month is left. */
export function placeMessage(p: Placement): number | null {
  const days = workingDays(p.month);
  if (days.length === 0) return null;
  const preferred = days[(p.dayOrder[p.slot % p.dayOrder.length] ?? 0) % days.length] as LocalDate;
  const open = (date: LocalDate) => firstMinuteAfter(date, p.hours, p.timeZone, p.after);
  let date = preferred;
  let from = open(preferred);
  if (from === null) {
    const left = days.filter((d) => open(d) !== null);
    if (left.length === 0) return null;
    date = left[Math.floor(p.random() * left.length)] as LocalDate;
    from = open(date);
  }
  if (from === null) return null;
  // Drawn over the whole working day first, so that a plan shown earlier keeps its minute.
  const minute = p.hours.start + Math.floor(p.random() * (p.hours.end - p.hours.start));
  if (minute >= from) return zonedInstant(date, minute, p.timeZone);
  return zonedInstant(date, from + Math.floor(p.random() * (p.hours.end - from)), p.timeZone);
}
