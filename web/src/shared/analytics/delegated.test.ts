import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analytics } from './client';
import { arm } from './pageAnalytics';

// The events controls and tiles mark in the page (data-analytics, data-analytics-template)
// are told by one listener each.

let seen: { name?: string; object_id?: number }[] = [];
beforeAll(() => arm());
afterEach(() => {
  seen = [];
  document.body.innerHTML = '';
});

describe('delegated analytics events', () => {
  it('tells a marked control with its object, and a tile of a row by the row template', () => {
    vi.spyOn(analytics, 'track').mockImplementation((e) => void seen.push(e as { name?: string; object_id?: number }));
    document.body.innerHTML = `
      <button data-analytics="subscribe" data-analytics-id="5">Subscribe</button>
      <section data-analytics-template="content-v">
        <button class="arrow">›</button>
        <a href="/contents/x" class="tile">A film</a>
        <a href="/row/new" data-analytics="see_all">See all</a>
      </section>`;
    document.querySelector<HTMLButtonElement>('button[data-analytics]')!.click();
    document.querySelector<HTMLAnchorElement>('a.tile')!.click();
    document.querySelector<HTMLButtonElement>('button.arrow')!.click(); // not a tile
    document.querySelector<HTMLAnchorElement>('a[data-analytics]')!.click();
    document.querySelector<HTMLAnchorElement>('a.tile')!.focus();
    expect(seen.map((e) => e.name)).toEqual(['subscribe', 'click_content-v', 'see_all', 'focus_content-v']);
    expect(seen[0]!.object_id).toBe(5);
  });

  it('tells nothing for a click on an unmarked control, whatever the page root carries', () => {
    vi.spyOn(analytics, 'track').mockImplementation((e) => void seen.push(e as { name?: string }));
    document.documentElement.dataset.analytics = 'on';
    document.documentElement.dataset.analyticsMode = 'on';
    document.body.innerHTML = '<button>Plain</button>';
    document.querySelector('button')!.click();
    delete document.documentElement.dataset.analytics;
    delete document.documentElement.dataset.analyticsMode;
    expect(seen).toEqual([]);
  });
});
