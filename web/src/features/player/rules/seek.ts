import { PLAYER } from './constants';

// Skip and scrub limits (spec 4 "Player", 5 validation): archive controls only with an
// archive; seeks stay inside the programme (minus 5 s at the end) and never reach the future.

export type SourceKind = 'live' | 'archive' | 'vod' | 'trailer';

export interface Bounds {
  start: number;
  end: number;
}

export interface SeekContext {
  kind: SourceKind;
  hasArchive: boolean;
  /** Unix seconds now (live/archive) */
  now: number;
  programme?: Bounds;
  archiveFrom?: number;
  /** vod/trailer: media duration in seconds */
  duration?: number;
}

export type SeekDecision =
  | { type: 'ignore' }
  /** Seek to this time: unix seconds for live/archive, media seconds for vod/trailer. */
  | { type: 'seek'; to: number }
  /** The target lies outside the programme: the page moves to the programme there. */
  | { type: 'outside'; to: number };

export const isChannel = (kind: SourceKind) => kind === 'live' || kind === 'archive';

/** Pause, skip and scrub are archive controls on channels; vod always has them. */
export const canControlTime = (kind: SourceKind, hasArchive: boolean) => !isChannel(kind) || hasArchive;

/** The range the scrub bar covers: programme bounds, else archiveFrom..now; vod 0..duration. */
export function scrubRange(ctx: SeekContext): Bounds | null {
  if (!isChannel(ctx.kind)) return ctx.duration && Number.isFinite(ctx.duration) ? { start: 0, end: ctx.duration } : null;
  if (ctx.programme) return { start: ctx.programme.start, end: ctx.programme.end };
  if (ctx.archiveFrom !== undefined) return { start: ctx.archiveFrom, end: ctx.now };
  return null;
}

/** Where a seek to `target` goes; `target` is unix seconds on channels, media seconds on vod. */
export function decideSeek(ctx: SeekContext, target: number): SeekDecision {
  if (!canControlTime(ctx.kind, ctx.hasArchive)) return { type: 'ignore' };
  if (!isChannel(ctx.kind)) {
    const end = ctx.duration && Number.isFinite(ctx.duration) ? Math.max(0, ctx.duration - PLAYER.boundsMargin) : Infinity;
    return { type: 'seek', to: clamp(target, 0, end) };
  }
  if (target > ctx.now) return { type: 'ignore' }; // the future is not recorded yet
  if (ctx.archiveFrom !== undefined && target < ctx.archiveFrom) {
    if (ctx.programme && ctx.archiveFrom <= ctx.programme.start) return { type: 'ignore' };
    target = ctx.archiveFrom;
  }
  const p = ctx.programme;
  if (!p) return { type: 'seek', to: target };
  if (target < p.start || target >= p.end) return { type: 'outside', to: target };
  const last = Math.min(p.end - PLAYER.boundsMargin, ctx.now);
  return { type: 'seek', to: clamp(target, p.start, Math.max(p.start, last)) };
}

/** A skip of `delta` seconds from `position` (same units as decideSeek). */
export const decideSkip = (ctx: SeekContext, position: number, delta: number) => decideSeek(ctx, position + delta);

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Volume clamps between 0 and 1. */
export const clampVolume = (v: number) => clamp(Number.isFinite(v) ? v : PLAYER.defaultVolume, 0, 1);

/** Which fifth of the width a tap at x fell in: double taps on the outer fifths seek. */
export function tapZone(x: number, width: number): 'back' | 'forward' | 'middle' {
  if (width <= 0) return 'middle';
  if (x < width / 5) return 'back';
  if (x > (width * 4) / 5) return 'forward';
  return 'middle';
}

/** Skip presses within 500 ms add up into one seek. */
export class SkipAccumulator {
  private total = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(
    private readonly settle: (delta: number) => void,
    private readonly delayMs: number = PLAYER.skipSettleMs,
  ) {}
  add(delta: number): number {
    this.total += delta;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    return this.total;
  }
  get pending(): number {
    return this.total;
  }
  flush(): void {
    clearTimeout(this.timer);
    const d = this.total;
    this.total = 0;
    if (d !== 0) this.settle(d);
  }
  cancel(): void {
    clearTimeout(this.timer);
    this.total = 0;
  }
}
