import { configureApi } from '../api/client';
import { keepClickId } from './clickId';
import { analytics, flushOnPageHide } from './client';
import { setAnalyticsConfig, type AnalyticsConfig } from './config';
import { installErrorReporting, reportRequestError } from './errors';
import { routeEvents, type Place } from './routeEvents';

// The page-wide part of analytics, loaded after the page starts (useAnalytics imports it
// lazily, so that the first screen's script does not carry it).

let armed = false;
let last: Place | null = null;

/** Error reports, the flush on page hide and the delegated events (once). */
export function arm(): void {
  if (armed) return;
  armed = true;
  installErrorReporting();
  flushOnPageHide();
  configureApi({ onRequestError: (path, e) => reportRequestError(path, e.status, e.message) });
  armDelegatedEvents();
}

export function configure(config: AnalyticsConfig): void {
  setAnalyticsConfig(config);
}

/** A new address: the click id it carries, a page event and the events it tells. */
export function navigated(next: Place & { search: string }, back: boolean): void {
  keepClickId(next.search);
  const prev = last;
  if (prev && prev.pathname === next.pathname && prev.hash === next.hash) return;
  last = { pathname: next.pathname, hash: next.hash };
  if (prev?.pathname !== next.pathname) analytics.track({ type: 'page', page: next.pathname.slice(0, 200) });
  for (const e of routeEvents(prev, last, back)) analytics.track(e);
}

/**
 * Controls mark their event with data-analytics="<name>" (see_all, subscribe, watch_tv, ...)
 * and tiles with data-analytics-template="<template>" (click_ and focus_{template}); typing
 * in a search field is add_char. One listener each on the document reads them.
 */
/**
 * A tile is the element marked with the template, or a link inside it (a row marks its
 * section: its tiles are the links there, not its scroll buttons).
 */
function tileOf(e: Event, marked: HTMLElement): boolean {
  if (e.target === marked) return true;
  return e.target instanceof Element && !!e.target.closest('a') && marked.contains(e.target.closest('a'));
}

function armDelegatedEvents(): void {
  // Marks are on controls and sections of the body, never on the page's root.
  const named = (e: Event) => {
    const el = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-analytics],[data-analytics-template]') : null;
    return el && document.body.contains(el) ? el : null;
  };
  const onClick = (e: MouseEvent) => {
    const el = named(e);
    if (!el) return;
    const id = Number(el.dataset.analyticsId) || undefined;
    if (el.dataset.analytics) analytics.track({ type: 'event', name: el.dataset.analytics, ...(id ? { object_id: id } : {}) });
    else if (el.dataset.analyticsTemplate && tileOf(e, el)) analytics.track({ type: 'event', name: `click_${el.dataset.analyticsTemplate}`, ...(id ? { object_id: id } : {}) });
  };
  const onFocus = (e: FocusEvent) => {
    const el = named(e);
    if (el?.dataset.analyticsTemplate && tileOf(e, el)) analytics.track({ type: 'event', name: `focus_${el.dataset.analyticsTemplate}` });
  };
  const onInput = (e: Event) => {
    const t = e.target;
    if (t instanceof HTMLInputElement && t.type === 'search' && (e as InputEvent).inputType?.startsWith('insert')) analytics.track({ type: 'event', name: 'add_char' });
  };
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('focusin', onFocus);
  document.addEventListener('input', onInput, { capture: true });
}
