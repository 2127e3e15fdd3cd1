import { buildUrl } from '../api/client';
import { APP_VERSION } from '../lib/constants';
import { sessionStore } from '../session/sessionStore';
import { analyticsConfig } from './config';
import { analyticsOff } from './mode';

// Client errors (spec 7 "Error reporting"): reported to Efir (POST /v2/client_errors) and,
// when the operator set a DSN, to a Sentry-compatible service through the official SDK,
// loaded only then. Resize-observer and interrupted-play errors are ignored; 400 and 401
// request errors are reported one time in four; other request errors only when the server
// failed (5xx): the rest are answers the pages handle.

export type ErrorKind = 'error' | 'rejection' | 'request';

export interface ClientErrorReport {
  kind: ErrorKind;
  message: string;
  page?: string;
  status?: number;
  stack?: string;
  app_version?: string;
}

/** Messages that are noise, not faults. */
export const IGNORED: readonly RegExp[] = [
  /ResizeObserver loop/i,
  /play\(\) request was interrupted/i,
  /The play\(\) request was interrupted/i,
  /interrupted by a (new load request|call to pause)/i,
];

export const SAMPLED_STATUSES: readonly number[] = [400, 401];
export const SAMPLE_RATE = 0.25;

/** Whether a report goes out; random is in [0, 1). */
export function shouldReport(r: Pick<ClientErrorReport, 'kind' | 'message' | 'status'>, random: number = Math.random()): boolean {
  if (IGNORED.some((re) => re.test(r.message))) return false;
  if (r.kind !== 'request') return true;
  const status = r.status ?? 0;
  if (SAMPLED_STATUSES.includes(status)) return random < SAMPLE_RATE;
  return status >= 500;
}

const MAX_MESSAGE = 1000;
const MAX_STACK = 8000;

/** The report of a thrown value. */
export function reportOf(kind: ErrorKind, value: unknown, page: string): ClientErrorReport {
  const e = value instanceof Error ? value : null;
  const message = (e ? `${e.name}: ${e.message}` : String(value ?? 'unknown')).slice(0, MAX_MESSAGE) || 'unknown';
  return { kind, message, page: page.slice(0, 200), stack: (e?.stack ?? '').slice(0, MAX_STACK), app_version: String(APP_VERSION) };
}

type SentryLike = { captureException(e: unknown): unknown; captureMessage(m: string): unknown };
let sentry: Promise<SentryLike | null> | null = null;
let sentryDsn = '';

/** The SDK, loaded and set up on first use with the operator's DSN (null without one). */
function sentryClient(): Promise<SentryLike | null> {
  const dsn = analyticsConfig().sentryDsn;
  if (!dsn) return Promise.resolve(null);
  if (sentry && sentryDsn === dsn) return sentry;
  sentryDsn = dsn;
  sentry = import('./sentry').then((m) => m.startSentry(dsn)).catch(() => null);
  return sentry;
}

/** Reports one error (after the ignore list and sampling). */
export function reportError(report: ClientErrorReport, cause?: unknown, random: number = Math.random()): boolean {
  if (analyticsOff() || !shouldReport(report, random)) return false;
  const token = sessionStore.get().token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
  void fetch(buildUrl('/client_errors'), { method: 'POST', headers, body: JSON.stringify(report), keepalive: true }).catch(() => undefined);
  void sentryClient().then((s) => {
    if (!s) return;
    if (cause instanceof Error) s.captureException(cause);
    else s.captureMessage(report.message);
  });
  return true;
}

let installed = false;

/** Uncaught errors and rejections of the page are reported (installed once). */
export function installErrorReporting(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (e) => {
    reportError(reportOf('error', e.error ?? e.message, location.pathname), e.error);
  });
  window.addEventListener('unhandledrejection', (e) => {
    reportError(reportOf('rejection', e.reason, location.pathname), e.reason);
  });
}

/** A failed API request (the API client's hook). */
export function reportRequestError(path: string, status: number, message: string): void {
  if (status === 0) return; // offline: nothing reaches the server anyway
  reportError({ kind: 'request', message: `${path}: ${status} ${message}`.slice(0, MAX_MESSAGE), status, page: location.pathname.slice(0, 200), app_version: String(APP_VERSION) });
}
