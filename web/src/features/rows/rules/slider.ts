// The promo-bg slider's rules (spec 2 "Row and tile templates", 4 "Slider and row loading",
// 9 "Layout": auto-rotate 7 s per item, edge threshold 50 px, key arrows mark a drag for 500 ms).

export const SLIDE_MS = 7_000;
export const SWIPE_THRESHOLD_PX = 50;
export const KEY_DRAG_MS = 500;

export interface RotationState {
  count: number;
  /** The pointer is over the slider. */
  hovered: boolean;
  /** The keyboard focus is inside the slider. */
  focused: boolean;
  /** prefers-reduced-motion: reduce. */
  reducedMotion: boolean;
  /** The page is hidden (another tab): no rotation nobody sees. */
  hidden?: boolean;
  /** A prerender client gets no rotation. */
  prerender?: boolean;
  /** The viewer paused it with the pause control. */
  paused?: boolean;
  /** A drag is under way. */
  dragging?: boolean;
}

/** Rotation runs only with more than one item, and not while the viewer is on it. */
export function shouldAutoRotate(s: RotationState): boolean {
  return s.count > 1 && !s.hovered && !s.focused && !s.reducedMotion && !s.hidden && !s.prerender && !s.paused && !s.dragging;
}

/** The slide after a step, wrapping around both ends. */
export function stepSlide(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** A drag of dx pixels: -1 to the previous slide, 1 to the next, 0 stays (under the threshold). */
export function swipeStep(dx: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (dx <= -threshold) return 1;
  if (dx >= threshold) return -1;
  return 0;
}

/** Headless prerender clients (crawlers' renderers) announce themselves in the user agent. */
export { isPrerenderAgent as isPrerender } from '@/shared/lib/prerender';
