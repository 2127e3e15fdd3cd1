// Analytics and error reports of the viewer's pages (spec 7 "Analytics and other"): the
// batching events client, the playback schedule, the counter's tracking image, the click id
// and the client error reports. Nothing is sent in the mobile-account mode.
export { analytics, AnalyticsClient, trackAd, trackEvent, flushOnPageHide, BATCH_SIZE, FLUSH_MS } from './client';
export type { AdEventName, AdPlace } from './client';
export type { AnalyticsEvent, Transport } from './client';
export { isUpdateMark, updateMarks, WATCH_5MIN_SECONDS } from './schedule';
export { clickIdOf, keepClickId } from './clickId';
export { pingCounter, counterUrl, EVTP_LIVE, EVTP_ARCHIVE } from './counter';
export { setAnalyticsConfig, analyticsConfig } from './config';
export type { AnalyticsConfig } from './config';
export { analyticsOff } from './mode';
export { useAnalytics } from './useAnalytics';
export { installErrorReporting, reportError, reportRequestError, shouldReport, reportOf } from './errors';
