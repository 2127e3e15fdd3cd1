import { useEffect, useState } from 'react';

// The header on scroll (spec "Messages and notifications" / constants): a dark style after
// 140 px, and, in landscape on small screens, out of the way while scrolling down past 250 px
// (back on any upward scroll).

export const HEADER_DARK_AFTER = 140;
export const HEADER_HIDE_AFTER = 250;
/** Landscape on a screen at most this wide (the spec's mobile width) hides the header. */
const SMALL_LANDSCAPE = '(orientation: landscape) and (max-width: 932px)';
/** The spec's scroll throttle. */
const THROTTLE_MS = 16;

export interface HeaderScroll {
  dark: boolean;
  hidden: boolean;
}

/** The header's state after scrolling from `prevY` to `y`. */
export function nextHeaderScroll(prev: HeaderScroll, prevY: number, y: number, smallLandscape: boolean): HeaderScroll {
  const dark = y > HEADER_DARK_AFTER;
  let hidden = prev.hidden;
  if (!smallLandscape || y <= HEADER_HIDE_AFTER) hidden = false;
  else if (y > prevY) hidden = true;
  else if (y < prevY) hidden = false;
  return dark === prev.dark && hidden === prev.hidden ? prev : { dark, hidden };
}

export function useHeaderScroll(): HeaderScroll {
  const [state, setState] = useState<HeaderScroll>({ dark: false, hidden: false });
  useEffect(() => {
    const media = window.matchMedia?.(SMALL_LANDSCAPE);
    let lastY = window.scrollY;
    let timer: number | null = null;
    const update = () => {
      timer = null;
      const y = window.scrollY;
      setState((prev) => nextHeaderScroll(prev, lastY, y, media?.matches ?? false));
      lastY = y;
    };
    const onScroll = () => {
      if (timer === null) timer = window.setTimeout(update, THROTTLE_MS);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, []);
  return state;
}
