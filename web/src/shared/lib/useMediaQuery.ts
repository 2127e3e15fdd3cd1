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

/**
 * Breakpoints of the spec: phone <= 932 px; the narrow layout (bottom navigation, catalogue
 * sub-menu) at <= 1023 px, or on a phone up to 1281 px (a phone held sideways: touch only,
 * no hover). Keep in step with tokens.css and the layout's CSS media queries.
 */
export const PHONE_QUERY = '(max-width: 932px)';
export const NARROW_QUERY = '(max-width: 1023px), (max-width: 1281px) and (hover: none) and (pointer: coarse)';

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
export const useIsNarrow = () => useMediaQuery(NARROW_QUERY);
