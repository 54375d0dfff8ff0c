/**
 * When each message of a campaign goes out. The plan is written into the outbox as each
 * message's `due_at` when the sending starts (and again on resume), so the rate holds across any
 * number of workers without them talking to each other: a worker only sends what is due.
 */
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

export interface Schedule {
  ratePerMinute: number;
  spreadMinutes: number;
  /** Minutes after local midnight; start > end spans midnight. */
  window: { start: number; end: number } | null;
  timeZone: string;
  /** Divides the interval between messages (config SENDING_TIME_SCALE). */
  timeScale: number;
}

/** "09:30" → 570. */
export function clockMinutes(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function minutesClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes after local midnight in `timeZone` at `at`. */
export function localMinutes(at: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

function inWindow(minutes: number, window: { start: number; end: number }): boolean {
  return window.start < window.end
    ? minutes >= window.start && minutes < window.end
    : minutes >= window.start || minutes < window.end;
}

/** `at` if it is inside the window, else the window's next opening. */
export function nextInWindow(at: number, schedule: Pick<Schedule, 'window' | 'timeZone'>): number {
  const { window } = schedule;
  if (!window) return at;
  const minutes = localMinutes(at, schedule.timeZone);
  if (inWindow(minutes, window)) return at;
  const wait = (window.start - minutes + DAY_MINUTES) % DAY_MINUTES;
  // Zone offsets are whole minutes: the local minute starts where the UTC minute does.
  return at - (at % MINUTE) + wait * MINUTE;
}

/** The interval between two messages: the rate's, or longer to spread them over the duration. */
export function intervalMs(schedule: Schedule, count: number): number {
  const byRate = MINUTE / schedule.ratePerMinute;
  const bySpread = count > 1 ? (schedule.spreadMinutes * MINUTE) / count : 0;
  return Math.max(byRate, bySpread) / schedule.timeScale;
}

/** Due times (ms) for `count` messages `step` ms apart from `from`, in order, each inside the window. */
export function dueTimes(
  schedule: Pick<Schedule, 'window' | 'timeZone'>,
  count: number,
  step: number,
  from: number,
): number[] {
  const times: number[] = [];
  let at = from;
  for (let i = 0; i < count; i++) {
    at = nextInWindow(at, schedule);
    times.push(Math.round(at));
    at += step;
  }
  return times;
}

/** Temporary failures wait 1, 2, 4, 8… minutes (scaled), at most an hour. */
export function retryDelayMs(attempts: number, timeScale: number): number {
  return Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1)) / timeScale;
}

export const MAX_ATTEMPTS = 6;
