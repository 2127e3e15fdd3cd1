import { useEffect, useState, type RefObject } from 'react';
import { LAZY_ROW_DEBOUNCE_MS, LAZY_ROW_MARGIN_PX } from './rules/sizes';

/**
 * True once the element has stayed within `margin` px of the viewport for `debounce` ms
 * (spec 9: row lazy-load margin 150 px, debounce 150 ms), so a fast scroll past a row does
 * not load it. Without IntersectionObserver (old browsers, tests) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, active = true, margin = LAZY_ROW_MARGIN_PX, debounce = LAZY_ROW_DEBOUNCE_MS): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!active || near || !el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries.some((e) => e.isIntersecting);
        clearTimeout(timer);
        if (inView) timer = setTimeout(() => setNear(true), debounce);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, active, near, margin, debounce]);
  return near;
}
