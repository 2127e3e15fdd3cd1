import { afterEach, describe, expect, it } from 'vitest';
import { readKey, StorageKey, writeKey } from '../session';
import { clickIdOf, keepClickId } from './clickId';
import { counterUrl, EVTP_ARCHIVE } from './counter';
import { reportOf, SAMPLE_RATE, shouldReport } from './errors';
import { analyticsOff } from './mode';
import { routeEvents } from './routeEvents';
import { isUpdateMark, updateMarks } from './schedule';

describe('playback update schedule', () => {
  it('marks 120, 300 and 600 s, then every 600 s up to 3000 s', () => {
    expect(updateMarks()).toEqual([120, 300, 600, 1200, 1800, 2400, 3000]);
    expect(isUpdateMark(3600)).toBe(false);
    expect(isUpdateMark(900)).toBe(false);
  });
});

describe('click id', () => {
  afterEach(() => writeKey(StorageKey.appSellClickId, null));

  it('reads click_id, clickid and clickId', () => {
    expect(clickIdOf('?click_id=a1')).toBe('a1');
    expect(clickIdOf('?x=1&clickid=b2')).toBe('b2');
    expect(clickIdOf('?clickId=c3')).toBe('c3');
    expect(clickIdOf('?click=1')).toBeNull();
  });

  it('saves it as app_sell_click_id and keeps it on pages without one', () => {
    expect(keepClickId('?clickId=abc')).toBe('abc');
    expect(readKey(StorageKey.appSellClickId)).toBe('abc');
    expect(keepClickId('?q=news')).toBeNull();
    expect(readKey(StorageKey.appSellClickId)).toBe('abc');
    keepClickId('?click_id=next');
    expect(readKey(StorageKey.appSellClickId)).toBe('next');
  });
});

describe('error reports', () => {
  it('ignores resize-observer and interrupted play errors', () => {
    expect(shouldReport({ kind: 'error', message: 'ResizeObserver loop completed with undelivered notifications.' })).toBe(false);
    expect(shouldReport({ kind: 'rejection', message: 'AbortError: The play() request was interrupted by a call to pause().' })).toBe(false);
    expect(shouldReport({ kind: 'error', message: 'TypeError: x is undefined' })).toBe(true);
  });

  it('samples 400 and 401 request errors at 25 %', () => {
    for (const status of [400, 401]) {
      expect(shouldReport({ kind: 'request', message: 'm', status }, SAMPLE_RATE - 0.01)).toBe(true);
      expect(shouldReport({ kind: 'request', message: 'm', status }, SAMPLE_RATE)).toBe(false);
      let n = 0;
      for (let i = 0; i < 1000; i++) if (shouldReport({ kind: 'request', message: 'm', status }, i / 1000)) n++;
      expect(n).toBe(250);
    }
    expect(shouldReport({ kind: 'request', message: 'm', status: 500 }, 0.99)).toBe(true);
    expect(shouldReport({ kind: 'request', message: 'm', status: 404 }, 0)).toBe(false);
  });

  it('describes a thrown value within the server limits', () => {
    const r = reportOf('error', new TypeError('x'.repeat(2000)), '/channels');
    expect(r.message.startsWith('TypeError: x')).toBe(true);
    expect(r.message.length).toBe(1000);
    expect(reportOf('rejection', undefined, '/').message).toBe('unknown');
  });
});

describe('counter image and mode', () => {
  it('adds fts and evtp to the counter URL', () => {
    const u = new URL(counterUrl('https://counter.example/c?site=7', 1_800_000_000.7, EVTP_ARCHIVE, 5));
    expect(u.searchParams.get('site')).toBe('7');
    expect(u.searchParams.get('fts')).toBe('1800000000');
    expect(u.searchParams.get('evtp')).toBe('3');
  });

  it('is off in the mobile-account mode only', () => {
    expect(analyticsOff('/account_mobile')).toBe(true);
    expect(analyticsOff('/account_mobile/packets')).toBe(true);
    expect(analyticsOff('/channels')).toBe(false);
  });
});

describe('route events', () => {
  const at = (pathname: string, hash = '') => ({ pathname, hash });
  const names = (prev: ReturnType<typeof at> | null, next: ReturnType<typeof at>, back = false) =>
    routeEvents(prev, next, back).map((e) => (e.object_id ? `${e.name}:${e.object_id}` : e.name));

  it('tells channels, contents, packets, search and sections apart', () => {
    expect(names(at('/'), at('/channels/32/pervyy-12'))).toEqual(['open_channel:12']);
    expect(names(at('/channels/32/pervyy-12'), at('/channels/32/pervyy-12/1800000000'))).toEqual(['select_schedule:12']);
    expect(names(at('/'), at('/contents/film-5'))).toEqual(['open_content:5']);
    expect(names(at('/contents/series-5'), at('/contents/series-5/season-2-7'))).toEqual(['select_season:7']);
    expect(names(at('/'), at('/packets/3'))).toEqual(['open_packet:3']);
    expect(names(at('/'), at('/search'))).toEqual(['open_search']);
    expect(names(at('/search'), at('/channels'))).toEqual(['hide_search']);
    expect(names(at('/'), at('/lk'))).toEqual(['open_lk']);
    expect(names(at('/'), at('/news'))).toEqual(['open_news']);
    expect(names(at('/news'), at('/news/4'))).toEqual([]);
    expect(names(at('/packets'), at('/packets', '#install'))).toEqual(['open_install_devices']);
    expect(names(at('/movies'), at('/'), true)).toEqual(['back']);
  });
});
