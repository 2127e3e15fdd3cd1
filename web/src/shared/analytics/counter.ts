import { analyticsConfig } from './config';
import { analyticsOff } from './mode';

// The operator's counter (spec 7): an image request on playback with fts, the unix second
// being played, and evtp, 1 for live and 3 for archive or a scrub. Nothing without a
// counter URL, nothing in the mobile-account mode.

export const EVTP_LIVE = 1;
export const EVTP_ARCHIVE = 3;

/** The counter's image URL for one playback moment. */
export function counterUrl(base: string, fts: number, evtp: number, nonce: number): string {
  const url = new URL(base, typeof location === 'undefined' ? 'http://localhost' : location.href);
  url.searchParams.set('fts', String(Math.floor(fts)));
  url.searchParams.set('evtp', String(evtp));
  url.searchParams.set('r', String(nonce)); // no cached image: each request counts
  return url.toString();
}

/** Requests the counter's image; answers its URL, or null when none was asked. */
export function pingCounter(fts: number, evtp: number): string | null {
  const base = analyticsConfig().counterUrl;
  if (!base || analyticsOff() || typeof Image === 'undefined') return null;
  const src = counterUrl(base, fts, evtp, Math.floor(Math.random() * 1e9));
  const img = new Image();
  img.referrerPolicy = 'no-referrer-when-downgrade';
  img.src = src;
  return src;
}
