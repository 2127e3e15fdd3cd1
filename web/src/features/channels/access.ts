import { LIVE_EDGE_SECONDS } from './constants';
import type { Channel } from './types';

// Channel opening rules (spec 4 "Channel opening", 9 "Live edge threshold").

export interface AdultContext {
  /** Categories tagged is_adult. */
  adultCategories: ReadonlySet<number>;
  isChild: boolean;
  /** Parental programme control on and the age of the programme on air, when known. */
  programmeControl?: boolean;
  programmeAge?: number | null;
}

/**
 * Adult: age 18 or more, in an is_adult category, a child profile and age over 12, unknown
 * age, or programme control on and the programme on air 18 or more.
 */
export function isAdultChannel(ch: Channel, ctx: AdultContext): boolean {
  if (ch.age == null) return true;
  if (ch.age >= 18) return true;
  if ((ch.categories ?? []).some((id) => ctx.adultCategories.has(id))) return true;
  if (ch.category != null && ctx.adultCategories.has(ch.category)) return true;
  if (ctx.isChild && ch.age > 12) return true;
  if (ctx.programmeControl && (ctx.programmeAge ?? 0) >= 18) return true;
  return false;
}

/** A ts is honoured only when at least 30 s old; otherwise the channel plays live. */
export function effectiveTs(ts: number | null | undefined, now: number): number | null {
  if (ts == null || !Number.isFinite(ts) || ts <= 0) return null;
  return now - ts >= LIVE_EDGE_SECONDS ? Math.floor(ts) : null;
}

/** Parses a ts from the route segment or ?ts= (unix seconds; ms accepted). */
export function parseTs(raw: string | null | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n > 1e12 ? Math.floor(n / 1000) : n;
}

/** Live previews only for purchased channels that are not adult (spec 4 "Player"). */
export function previewAllowed(ch: Channel, adult: boolean): boolean {
  return ch.is_purchased && ch.is_available && !adult;
}

/** The neighbour in line-up order for zapping, wrapping round. */
export function neighbour<T extends { id: number }>(list: readonly T[], currentId: number, step: 1 | -1): T | undefined {
  if (!list.length) return undefined;
  const i = list.findIndex((c) => c.id === currentId);
  if (i < 0) return list[0];
  return list[(i + step + list.length) % list.length];
}
