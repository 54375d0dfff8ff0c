/**
 * Clicks and reports over time in at most 180 buckets: by the minute for a short campaign, else
 * by the hour, else by the day. The database counts clicks per minute; reports (far fewer) are
 * counted here; coarser buckets and the empty ones between are made here too, so a chart shows
 * quiet minutes as quiet.
 */
const MAX_BUCKETS = 180;
const SIZES = [
  { seconds: 60, prefix: 16 },
  { seconds: 3600, prefix: 13 },
  { seconds: 86_400, prefix: 10 },
] as const;

export interface ClickMinute {
  /** "2026-12-01T09:05" */
  minute: string;
  clicks: number;
  /** Clicks with a send (or start) to be timed from. */
  timed: number;
  first: string | null;
}

export interface ReportMinute {
  minute: string;
  reports: number;
  first: string;
}

export function clickSummary(minutes: readonly ClickMinute[]) {
  return {
    clicks: minutes.reduce((n, m) => n + m.clicks, 0),
    timed: minutes.reduce((n, m) => n + m.timed, 0),
    first: minutes.reduce<string | null>(
      (f, m) => (m.first !== null && (f === null || m.first < f) ? m.first : f),
      null,
    ),
  };
}

/** Reports per minute, in time order, each minute with its first report. */
export function reportsByMinute(reported: readonly { reported_at: string }[]): ReportMinute[] {
  const minutes = new Map<string, ReportMinute>();
  for (const { reported_at: at } of reported) {
    const minute = at.slice(0, 16);
    const into = minutes.get(minute);
    if (!into) minutes.set(minute, { minute, reports: 1, first: at });
    else {
      into.reports += 1;
      if (at < into.first) into.first = at;
    }
  }
  return [...minutes.values()].sort((a, b) => a.minute.localeCompare(b.minute));
}

export function timelineBuckets(
  start: string | null,
  clicks: readonly ClickMinute[],
  reports: readonly ReportMinute[],
) {
  const minutes = [...clicks, ...reports].map((m) => Date.parse(`${m.minute}:00.000Z`));
  if (start === null || minutes.length === 0) return { bucket_seconds: 60, buckets: [] };
  // Folded, not spread: a long campaign has tens of thousands of minutes with a click.
  const from = minutes.reduce((a, b) => Math.min(a, b), Date.parse(start));
  const to = minutes.reduce((a, b) => Math.max(a, b));
  const size = SIZES.find((s) => (to - floor(from, s.seconds)) / 1000 / s.seconds < MAX_BUCKETS) ?? SIZES[2];
  const counts = new Map<string, { clicks: number; reports: number }>();
  const into = (minute: string) => {
    const key = minute.slice(0, size.prefix);
    const found = counts.get(key) ?? { clicks: 0, reports: 0 };
    counts.set(key, found);
    return found;
  };
  for (const m of clicks) into(m.minute).clicks += m.clicks;
  for (const m of reports) into(m.minute).reports += m.reports;
  const buckets: { at: string; clicks: number; reports: number }[] = [];
  for (let at = floor(from, size.seconds); at <= to; at += size.seconds * 1000) {
    const iso = new Date(at).toISOString();
    buckets.push({ at: iso, clicks: 0, reports: 0, ...counts.get(iso.slice(0, size.prefix)) });
  }
  return { bucket_seconds: size.seconds, buckets };
}

function floor(ms: number, seconds: number): number {
  return Math.floor(ms / (seconds * 1000)) * seconds * 1000;
}
