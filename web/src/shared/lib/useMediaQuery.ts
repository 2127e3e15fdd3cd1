import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Breakpoints of the spec: phone <= 932 px, narrow <= 1023 px (keep in step with tokens.css). */
export const PHONE_QUERY = '(max-width: 932px)';
export const NARROW_QUERY = '(max-width: 1023px)';

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
export const useIsNarrow = () => useMediaQuery(NARROW_QUERY);
