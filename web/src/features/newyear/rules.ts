import type { Channel } from '@/features/channels';

// Rules of the New Year page (spec 2 "/newyear": channel 3929, five fixed rows loaded in
// parallel, a countdown to the end of the year).

/** The channel the spec names for the event. */
export const NEWYEAR_CHANNEL_ID = 3929;
/**
 * Our line-ups have no channel 3929 (ids are the operator's). The demo's event channel is its
 * flagship free channel, chosen by slug; an operator without either gets its first free channel.
 */
export const NEWYEAR_CHANNEL_SLUG = 'efir-1';
/** The event's rows, by slug (the demo makes them). */
export const NEWYEAR_ROWS = ['newyear-1', 'newyear-2', 'newyear-3', 'newyear-4', 'newyear-5'] as const;
/** A child profile's ceiling (spec 6). */
const CHILD_MAX_AGE = 12;

const watchable = (c: Channel, isChild: boolean) => !c.is_hidden && (c.age ?? 18) < 18 && (!isChild || (c.age ?? 18) <= CHILD_MAX_AGE);

/** The event's channel: 3929, else the one with the event slug, else the first free one the viewer may watch. */
export function pickNewYearChannel(channels: readonly Channel[], isChild: boolean): Channel | null {
  const ok = channels.filter((c) => watchable(c, isChild));
  return (
    ok.find((c) => c.id === NEWYEAR_CHANNEL_ID) ??
    ok.find((c) => c.slug === NEWYEAR_CHANNEL_SLUG) ??
    ok.find((c) => c.is_free && c.is_available) ??
    null
  );
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left. */
  left: number;
  /** It is New Year's Day: the page greets instead of counting. */
  celebrating: boolean;
  /** The year that comes. */
  year: number;
}

/** Midnight of the 1st of January after `now`, local time. */
export const newYearAfter = (now: Date) => new Date(now.getFullYear() + 1, 0, 1, 0, 0, 0, 0);

/** Time left until the end of the year (local time); on the 1st of January the greeting. */
export function countdown(now: Date): Countdown {
  const target = newYearAfter(now);
  const left = Math.max(0, target.getTime() - now.getTime());
  const total = Math.floor(left / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    left,
    celebrating: now.getMonth() === 0 && now.getDate() === 1,
    year: target.getFullYear(),
  };
}
