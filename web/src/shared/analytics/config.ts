// What the operator set for analytics (GET /v2/platform/configuration): the counter of the
// tracking image and a Sentry-compatible DSN; "" for none.

export interface AnalyticsConfig {
  counterUrl: string;
  sentryDsn: string;
}

let config: AnalyticsConfig = { counterUrl: '', sentryDsn: '' };

export const analyticsConfig = (): AnalyticsConfig => config;

export function setAnalyticsConfig(next: AnalyticsConfig): void {
  config = next;
}
