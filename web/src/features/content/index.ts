// Content area (spec catalogue-playback-commerce 2 "Content detail", 4 "Content page and
// play flow", 8 lost content): the content page with its seasons, episodes, catch-up
// items and similar contents, /episodes, the lost-content page, and the content calls,
// queries and rules the watch, persons, news and /my areas reuse.
export * from './api';
export * from './queries';
export type * from './types';
export { trimDescription, cleanDescription, paragraphsOf, collapsesOnPage, cutText, DESCRIPTION_TRIM, PAGE_COLLAPSE } from './rules/description';
export { contentRatings, ratingTone, RATING_THRESHOLD } from './rules/ratings';
export { buildBreadcrumbs, sectionOf } from './rules/breadcrumbs';
export type { Crumb } from './rules/breadcrumbs';
export { idFromSegment, isBareId } from './rules/ids';
export { decidePlay, needsAgeCheck, offeredPackets, playTarget, ADULT_AGE, CHILD_MAX_AGE } from './rules/play';
export type { PlayDecision } from './rules/play';
export { seasonsOf, initialSeason, visibleEpisodes, EPISODES_FIRST } from './rules/seasons';
export { archivePath, contentPagePath, watchPath, trailerPath, rememberStartAfterBuy, START_AFTER_BUY_KEY } from './links';
export { useNoindex, usePageMeta } from './usePageMeta';
export type { PageMeta } from './usePageMeta';
export { useFavoriteSwitch } from './useFavoriteSwitch';
export { useWatchAction } from './useWatchAction';
export type { WatchAction } from './useWatchAction';
export { useRootContent } from './useRootContent';
export { useEpisodeLabel, useDurationText } from './ContentParts';
export { FavoriteButton } from './Actions';
export { CollapsibleText } from './CollapsibleText';
export { NotAvailableModal, PacketsModal } from './PlayModals';
export { MissingState, QueryState } from './States';

// Screens (the route table loads this module lazily).
export { ContentPage } from './ContentPage';
export { EpisodePage } from './EpisodePage';
export { LostContent } from './LostContent';
