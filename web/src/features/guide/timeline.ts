// Pure geometry of the guide grid: time <-> x, the visible window of rows and
// programmes, the days of the switcher and the fetch chunks. No React here, so it is
// unit-tested and cheap to call on every scroll frame.

export const HOUR = 3600;
export const DAY = 24 * HOUR;
/** The guide fetches a day in chunks of this many seconds (the bulk call allows <= 26 h). */
export const CHUNK_SECONDS = 6 * HOUR;
/** Days of the switcher: the archive and guide window of the demo operator (spec: 7 back, 3 ahead). */
export const DAYS_BACK = 7;
export const DAYS_AHEAD = 3;

export interface Geometry {
  /** Unix seconds at x = 0 of the time area (the start of the shown day). */
  origin: number;
  pxPerHour: number;
  rowHeight: number;
  /** Width of the sticky channel column. */
  channelWidth: number;
  /** Height of the sticky time ruler. */
  rulerHeight: number;
}

export const timeToX = (g: Pick<Geometry, 'origin' | 'pxPerHour'>, t: number): number => ((t - g.origin) * g.pxPerHour) / HOUR;
export const xToTime = (g: Pick<Geometry, 'origin' | 'pxPerHour'>, x: number): number => g.origin + (x * HOUR) / g.pxPerHour;

export interface Viewport {
  scrollTop: number;
  scrollLeft: number;
  width: number;
  height: number;
}

/** What to render: rows [rowStart, rowEnd) and the time span [from, to). */
export interface VisibleWindow {
  rowStart: number;
  rowEnd: number;
  from: number;
  to: number;
}

/**
 * The rows and times inside the viewport plus an overscan margin. The time span is
 * snapped outwards to `snapSeconds` so that a small horizontal scroll keeps the same
 * window (the component re-renders only when the window changes).
 */
export function visibleWindow(
  g: Geometry,
  v: Viewport,
  rowCount: number,
  opts: { overscanRows?: number; snapSeconds?: number } = {},
): VisibleWindow {
  const overscan = opts.overscanRows ?? 4;
  const snap = opts.snapSeconds ?? 1800;
  const bodyTop = Math.max(0, v.scrollTop);
  const bodyHeight = Math.max(0, v.height - g.rulerHeight);
  const first = Math.floor(bodyTop / g.rowHeight);
  const last = Math.ceil((bodyTop + bodyHeight) / g.rowHeight);
  const rowStart = clamp(first - overscan, 0, rowCount);
  const rowEnd = clamp(last + overscan, rowStart, rowCount);
  const timeWidth = Math.max(0, v.width - g.channelWidth);
  const rawFrom = xToTime(g, Math.max(0, v.scrollLeft));
  const rawTo = xToTime(g, Math.max(0, v.scrollLeft) + timeWidth);
  const from = Math.floor((rawFrom - g.origin) / snap) * snap + g.origin - snap;
  const to = Math.ceil((rawTo - g.origin) / snap) * snap + g.origin + snap;
  return { rowStart, rowEnd, from, to };
}

export const sameWindow = (a: VisibleWindow, b: VisibleWindow) =>
  a.rowStart === b.rowStart && a.rowEnd === b.rowEnd && a.from === b.from && a.to === b.to;

export interface Timed {
  timestamp: number;
  duration: number;
}

/** Index of the first entry ending after `t` in a list sorted by start (binary search). */
export function firstEndingAfter(entries: readonly Timed[], t: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = entries[mid]!;
    if (e.timestamp + e.duration <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries of a sorted, non-overlapping list that overlap [from, to). */
export function entriesIn<T extends Timed>(entries: readonly T[], from: number, to: number): T[] {
  const out: T[] = [];
  for (let i = firstEndingAfter(entries, from); i < entries.length; i++) {
    const e = entries[i]!;
    if (e.timestamp >= to) break;
    out.push(e);
  }
  return out;
}

/** Index of the entry on air at `t` in a sorted list, or -1. */
export function entryAt(entries: readonly Timed[], t: number): number {
  const i = firstEndingAfter(entries, t);
  const e = entries[i];
  return e && e.timestamp <= t ? i : -1;
}

/** Local midnight (unix seconds) of the day holding `t`, `offsetDays` days later. */
export function dayStart(t: number, offsetDays = 0): number {
  const d = new Date(t * 1000);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + offsetDays);
  return Math.floor(d.getTime() / 1000);
}

/** Length of the local day starting at `start` (23 or 25 h on daylight-saving days). */
export function dayLength(start: number): number {
  const d = new Date(start * 1000);
  d.setDate(d.getDate() + 1);
  return Math.floor(d.getTime() / 1000) - start;
}

/** "YYYY-MM-DD" of the local day holding `t` (the `?date=` of the page). */
export function isoDate(t: number): string {
  const d = new Date(t * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Local midnight of "YYYY-MM-DD", or null for anything else. */
export function parseIsoDate(s: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s ?? '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (d.getMonth() !== Number(m[2]) - 1) return null;
  return Math.floor(d.getTime() / 1000);
}

export interface GuideDay {
  /** Local midnight, unix seconds. */
  start: number;
  /** Days from today: -7 .. 3. */
  offset: number;
}

/** The switcher's days around `now`: DAYS_BACK before today to DAYS_AHEAD after. */
export function guideDays(now: number, back = DAYS_BACK, ahead = DAYS_AHEAD): GuideDay[] {
  const out: GuideDay[] = [];
  for (let offset = -back; offset <= ahead; offset++) out.push({ start: dayStart(now, offset), offset });
  return out;
}

/** The day of the switcher that `start` names, clamped to the switcher's range; today otherwise. */
export function clampDay(now: number, start: number | null): number {
  const days = guideDays(now);
  if (start === null) return days[DAYS_BACK]!.start;
  if (start < days[0]!.start) return days[0]!.start;
  if (start > days[days.length - 1]!.start) return days[days.length - 1]!.start;
  return days.find((d) => d.start === start)?.start ?? dayStart(start);
}

/** Label kind of a day: relative words near today, weekday and date elsewhere. */
export function dayLabelKind(offset: number): 'today' | 'yesterday' | 'tomorrow' | 'date' {
  if (offset === 0) return 'today';
  if (offset === -1) return 'yesterday';
  if (offset === 1) return 'tomorrow';
  return 'date';
}

/**
 * The fetch chunks [start, end) of a day that overlap [from, to) plus one chunk of
 * margin each side (so a scroll finds its data already there), clipped to the day.
 */
export function chunksFor(day: number, length: number, from: number, to: number, size = CHUNK_SECONDS): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let s = day; s < day + length; s += size) {
    const e = Math.min(s + size, day + length);
    if (e + size > from && s - size < to) out.push([s, e]);
  }
  return out;
}

/** Ticks of the ruler every `step` seconds inside [from, to), clipped to the day. */
export function ticks(day: number, length: number, from: number, to: number, step = 1800): number[] {
  const out: number[] = [];
  const first = Math.max(day, day + Math.floor((from - day) / step) * step);
  for (let t = first; t < Math.min(to, day + length); t += step) out.push(t);
  return out;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}
