// Business constants of the spec (section 9 of both documents) used across features.

/** Client app version sent on guest creation and as the locale cache key. */
export const APP_VERSION = 185;

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** No device re-authentication on start within this time of the last token set. */
export const REAUTH_GUARD_MS = 5 * 60 * 1000;

export const CACHE_MS = {
  default: 3_000,
  deviceAuth: 300,
  lists: 300_000,
  configuration: 30_000,
  resources: 30_000,
  rowsets: 500,
} as const;

export const MAX_PROFILES = 5;
export const SEARCH_MAX_LENGTH = 255;
export const MODAL_TRANSITION_MS = 300;

/** Promo days are shown only when there are some and no more than this many (spec 9). */
export const PROMO_DAYS_MAX_SHOWN = 90;
export const showPromoDays = (days: number | null | undefined): days is number =>
  typeof days === 'number' && days > 0 && days <= PROMO_DAYS_MAX_SHOWN;
