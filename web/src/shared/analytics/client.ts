import { buildUrl } from '../api/client';
import type { components } from '../api/schema';
import { sessionStore } from '../session/sessionStore';
import { analyticsOff } from './mode';

// The batching analytics client: events wait in a queue and go to POST /v2/analytics/events
// together, when BATCH_SIZE wait, FLUSH_MS after the first one, and when the page is hidden
// or left (then by navigator.sendBeacon, which outlives the page; it sends no headers, so
// the token goes in the query). A batch that fails is dropped: a resent one could count twice.

export type AnalyticsEvent = components['schemas']['AnalyticsEvent'];

export const BATCH_SIZE = 20;
export const FLUSH_MS = 10_000;
/** The server takes at most this many events in one batch. */
export const MAX_BATCH = 100;
export const EVENTS_PATH = '/analytics/events';

export interface Transport {
  /** An ordinary request (keepalive); the token in the header. */
  post(url: string, body: string, token: string | null): void;
  /** A beacon; false when the browser refused it. */
  beacon(url: string, body: string): boolean;
}

export const browserTransport: Transport = {
  post(url, body, token) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Token ${token}`;
    void fetch(url, { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
  },
  beacon(url, body) {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  },
};

export interface ClientOptions {
  transport?: Transport;
  token?: () => string | null;
  off?: () => boolean;
  size?: number;
  delayMs?: number;
}

export class AnalyticsClient {
  private queue: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly transport: Transport;
  private readonly token: () => string | null;
  private readonly off: () => boolean;
  private readonly size: number;
  private readonly delayMs: number;

  constructor(opts: ClientOptions = {}) {
    this.transport = opts.transport ?? browserTransport;
    this.token = opts.token ?? (() => sessionStore.get().token);
    this.off = opts.off ?? (() => analyticsOff());
    this.size = opts.size ?? BATCH_SIZE;
    this.delayMs = opts.delayMs ?? FLUSH_MS;
  }

  /** Queues an event (none at all in the mobile-account mode). */
  track(event: AnalyticsEvent): void {
    if (this.off()) return;
    this.queue.push(event);
    if (this.queue.length >= this.size) this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Sends what waits; by beacon when the page is going away. */
  flush(beacon = false): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const token = this.token();
    while (this.queue.length > 0) {
      const body = JSON.stringify({ events: this.queue.splice(0, MAX_BATCH) });
      if (beacon) {
        const url = buildUrl(EVENTS_PATH, { access_token: token });
        if (this.transport.beacon(url, body)) continue;
      }
      this.transport.post(buildUrl(EVENTS_PATH), body, token);
    }
  }

  /** Events waiting (tests). */
  get pending(): number {
    return this.queue.length;
  }
}

/** The page's client. */
export const analytics = new AnalyticsClient();

let hideArmed = false;

/** Flushes by beacon when the page is hidden or left (armed once). */
export function flushOnPageHide(client: AnalyticsClient = analytics): void {
  if (hideArmed || typeof document === 'undefined') return;
  hideArmed = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') client.flush(true);
  });
  window.addEventListener('pagehide', () => client.flush(true));
}

/** An event of the spec's list ('open_channel', 'click_{template}', ...). */
export function trackEvent(name: string, extra: Omit<AnalyticsEvent, 'type' | 'name'> = {}): void {
  analytics.track({ type: 'event', name, ...extra });
}

/** The ad events the server takes (the player's rolls report these). */
export type AdEventName =
  | 'request'
  | 'impression'
  | 'start'
  | 'first_quartile'
  | 'midpoint'
  | 'third_quartile'
  | 'complete'
  | 'skip'
  | 'click'
  | 'error'
  | 'timeout';
export type AdPlace = NonNullable<AnalyticsEvent['place']>;

/**
 * The spec's "add ad event": what happened to an ad (`ad`: its id or title), where it played,
 * its number in the roll, and the channel or content it played with (object_id).
 */
export function trackAd(name: AdEventName, place: AdPlace, number: number, objectId: number, ad = ''): void {
  analytics.track({ type: 'ad', name, place, number, object_id: objectId, ...(ad ? { ad: ad.slice(0, 500) } : {}) });
}
