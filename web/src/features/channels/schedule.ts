import type { ScheduleEntry } from './types';

// Schedule rules of spec "Channel viewer": grouping by date with the after-midnight rule, and
// what a click on an item does.

/** Programmes starting before this hour also belong to the previous day's list. */
export const NIGHT_END_HOUR = 2;

export interface ScheduleDay {
  /** YYYY-MM-DD in the viewer's time zone. */
  date: string;
  items: ScheduleEntry[];
}

export function localDate(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function previousDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const prev = new Date(y!, m! - 1, d! - 1);
  return localDate(prev.getTime() / 1000);
}

/**
 * Groups entries by their local date, sorted by start; a programme starting after midnight
 * and before 02:00 is listed both under its own date and at the end of the previous day.
 */
export function groupSchedule(entries: readonly ScheduleEntry[]): ScheduleDay[] {
  const sorted = [...entries].sort((a, b) => a.timestamp - b.timestamp);
  const days = new Map<string, ScheduleEntry[]>();
  const add = (date: string, e: ScheduleEntry) => {
    const list = days.get(date);
    if (list) list.push(e);
    else days.set(date, [e]);
  };
  for (const e of sorted) {
    const date = localDate(e.timestamp);
    add(date, e);
  }
  for (const e of sorted) {
    if (new Date(e.timestamp * 1000).getHours() < NIGHT_END_HOUR) {
      const prev = previousDate(localDate(e.timestamp));
      if (days.has(prev)) add(prev, e);
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, items]) => ({ date, items: items.sort((a, b) => a.timestamp - b.timestamp) }));
}

export const entryEnd = (e: ScheduleEntry) => e.timestamp + e.duration;

export const isOnAir = (e: ScheduleEntry, now: number) => e.timestamp <= now && now < entryEnd(e);

/** The entry playing at `at` (unix s), if any. */
export function entryAt(entries: readonly ScheduleEntry[], at: number): ScheduleEntry | undefined {
  return entries.find((e) => isOnAir(e, at));
}

/** The neighbour of an entry in start order. */
export function adjacentEntry(entries: readonly ScheduleEntry[], current: ScheduleEntry, step: 1 | -1): ScheduleEntry | undefined {
  const sorted = [...entries].sort((a, b) => a.timestamp - b.timestamp);
  const i = sorted.findIndex((e) => e.id === current.id);
  return i < 0 ? undefined : sorted[i + step];
}

export type ScheduleClick =
  | { action: 'alert'; key: 'error_schedule_from_future' | 'error_schedule_copyright_banned' | 'warning_episode_is_announcement' }
  | { action: 'live' }
  | { action: 'archive'; ts: number }
  /** A past programme of a channel not purchased: sign in (guests cannot buy archive) or subscribe. */
  | { action: 'subscribe'; signIn: boolean; ts: number };

/**
 * A click on a schedule item: an announcement warns; a future start is refused; the one
 * on air plays live; a past one plays from its start when catch-up is available, once the
 * channel is purchased (else the viewer is asked to subscribe: warning_archive_subscribe).
 */
export function decideScheduleClick(e: ScheduleEntry, now: number, access?: { purchased: boolean; isLogged: boolean }): ScheduleClick {
  if (e.is_announcement) return { action: 'alert', key: 'warning_episode_is_announcement' };
  if (e.timestamp > now) return { action: 'alert', key: 'error_schedule_from_future' };
  if (isOnAir(e, now)) return { action: 'live' };
  if (!e.is_catchup_available) return { action: 'alert', key: 'error_schedule_copyright_banned' };
  if (access && !access.purchased) return { action: 'subscribe', signIn: !access.isLogged, ts: e.timestamp };
  return { action: 'archive', ts: e.timestamp };
}
