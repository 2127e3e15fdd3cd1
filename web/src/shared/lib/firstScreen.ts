import { useEffect } from 'react';

// The page's first screen drawn by the server (#first-screen, before #root: the header's
// logo, the first banner and the first row of posters) shows while the app loads and
// starts; the app's own tree is laid out under it, hidden, and shows when it is removed.
// It is removed when the app has drawn the same page (the home rows), when the app shows
// anything else (another page, an error, the start-up's retry panel), or after a while in
// any case, so a stuck start never leaves a page that does not react.

const FIRST_SCREEN_ID = 'first-screen';
/** The longest the server's first screen stays, from the app's start. */
export const FIRST_SCREEN_MAX_MS = 15_000;

const startPath = typeof window === 'undefined' ? '' : window.location.pathname;

const firstScreen = (): HTMLElement | null => (typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID));

export function hasFirstScreen(): boolean {
  return firstScreen() !== null;
}

/** Removes the server's first screen (the app's tree shows); nothing when there is none. */
export function releaseFirstScreen(): void {
  const el = firstScreen();
  if (!el) return;
  // Focus inside it would be lost with it: the app's main area takes it over.
  const hadFocus = el.contains(document.activeElement);
  el.remove();
  if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
}

/** How long the app's start waits for the first screen's pictures at most. */
const PAINT_WAIT_MS = 600;

/**
 * Resolves once the server's first screen has been painted with its pictures (at most
 * PAINT_WAIT_MS after the call), at once when the page has none. The app's code runs
 * after it: its start is one long task that a paint cannot interrupt.
 */
export function whenFirstScreenPainted(): Promise<void> {
  const el = firstScreen();
  if (!el) return Promise.resolve();
  const pending = [...el.querySelectorAll('img')].filter((img) => !img.complete);
  const loaded = Promise.all(pending.map((img) => new Promise((done) => {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  })));
  const capped = Promise.race([loaded, new Promise((done) => window.setTimeout(done, PAINT_WAIT_MS))]);
  // The frame after the pictures are in paints them; the app starts in the task after it.
  return capped.then(() => new Promise<void>((done) => requestAnimationFrame(() => window.setTimeout(done, 0))));
}

/** Called once at start: the safety limit. */
export function armFirstScreen(): void {
  if (hasFirstScreen()) window.setTimeout(releaseFirstScreen, FIRST_SCREEN_MAX_MS);
}

/**
 * The app's side: `drawn` once the page this tree shows is ready to replace the first
 * screen (its rows, or an error or not-found state); a different path than the one the
 * page was loaded at always replaces it.
 */
export function useFirstScreenRelease(drawn: boolean, pathname?: string): void {
  const moved = pathname !== undefined && pathname !== startPath;
  useEffect(() => {
    if (drawn || moved) releaseFirstScreen();
  }, [drawn, moved]);
}
