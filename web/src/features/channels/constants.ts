// Business constants of the TV area (spec 9 "Categories and channels", "Caching").

/** The all-channels category. */
export const ALL_CATEGORY = 32;
/** The favourites category, shown only while a favourite exists. */
export const FAVORITES_CATEGORY = 1000;
/** Child profiles start here and cannot pick another category. */
export const CHILD_CATEGORY = 22;
/** The category chosen when favourites become empty. */
export const FALLBACK_CATEGORY = 17;
/** Never offered in the picker. */
export const EXCLUDED_CATEGORY = 26;

export const LAST_CHANNELS_MAX = 10;
/** A ts younger than this plays live (spec 7 stream call, 9 live edge threshold). */
export const LIVE_EDGE_SECONDS = 30;

/** Channel lists live 15 minutes and refresh silently every 5 while the app is active. */
export const CHANNEL_CACHE_MS = 900_000;
export const CHANNEL_REFRESH_MS = 300_000;

/** Schedule: 5 attempts, 3 s apart, then 'schedule unavailable'. */
export const SCHEDULE_ATTEMPTS = 5;
export const SCHEDULE_RETRY_MS = 3_000;

/** Other episodes shown before 'show all'. */
export const EPISODES_FIRST = 25;
