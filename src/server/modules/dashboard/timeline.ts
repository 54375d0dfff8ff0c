/**
 * Clicks over time in at most 180 buckets: by the minute for a short campaign, else by the hour,
 * else by the day. The database counts clicks per minute; coarser buckets and the empty ones
 * between are made here, so a chart shows quiet minutes as quiet.
 */
const MAX_BUCKETS = 180;
const SIZES = [
  { seconds: 60, prefix: 16 },
  { seconds: 3600, prefix: 13 },
  { seconds: 86_400, prefix: 10 },
] as const;

export interface MinuteCount {
  /** "2026-12-01T09:05" */
  minute: string;
  clicks: number;
  first: string | null;
}

export function clickSummary(minutes: readonly MinuteCount[]) {
  const clicks = minutes.reduce((n, m) => n + m.clicks, 0);
  const first = minutes.reduce<string | null>(
    (f, m) => (m.first !== null && (f === null || m.first < f) ? m.first : f),
    null,
  );
  const lastMinute = minutes.at(-1)?.minute;
  return { clicks, first, last: lastMinute === undefined ? null : `${lastMinute}:00.000Z` };
}

export function timelineBuckets(start: string | null, minutes: readonly MinuteCount[]) {
  const { first, last } = clickSummary(minutes);
  if (start === null || first === null || last === null) return { bucket_seconds: 60, buckets: [] };
  const from = Math.min(Date.parse(start), Date.parse(first));
  const to = Date.parse(last);
  const size = SIZES.find((s) => (to - floor(from, s.seconds)) / 1000 / s.seconds < MAX_BUCKETS) ?? SIZES[2];
  const counts = new Map<string, number>();
  for (const m of minutes) {
    const key = m.minute.slice(0, size.prefix);
    counts.set(key, (counts.get(key) ?? 0) + m.clicks);
  }
  const buckets: { at: string; clicks: number }[] = [];
  for (let at = floor(from, size.seconds); at <= to; at += size.seconds * 1000) {
    const iso = new Date(at).toISOString();
    buckets.push({ at: iso, clicks: counts.get(iso.slice(0, size.prefix)) ?? 0 });
  }
  return { bucket_seconds: size.seconds, buckets };
}

function floor(ms: number, seconds: number): number {
  return Math.floor(ms / (seconds * 1000)) * seconds * 1000;
}
