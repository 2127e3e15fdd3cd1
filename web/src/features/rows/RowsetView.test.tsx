import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { RowsetView } from './RowsetView';
import type { Content, Row } from './types';

const i18n = createTestI18n('en');

const content = (id: number) =>
  ({ id, slug: `film-${id}`, title: `Film ${id}`, content_type: 'movie', year: 2020, age: 6, genres: [], countries: [], images: [], cover: { src_16x9: '', src_2x3: '' }, ratings: [], rating_imdb: null, rating_kinopoisk: null }) as unknown as Content;
const row = (id: number, loaded: boolean, template: Row['template'] = 'content-v'): Row =>
  ({ id, slug: `row-${id}`, title: `Row ${id}`, template, content_type: 'contents', more_count: 0, limit: 21, offset: 0, loaded, contents: loaded ? [content(id * 100)] : [] }) as Row;

/** A controllable IntersectionObserver: `show()` reports every observed element as intersecting. */
const observers: { cb: IntersectionObserverCallback; els: Element[] }[] = [];
class FakeObserver {
  private entry: { cb: IntersectionObserverCallback; els: Element[] };
  constructor(cb: IntersectionObserverCallback) {
    this.entry = { cb, els: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.els.push(el);
  }
  disconnect() {
    this.entry.els = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
const show = () =>
  observers.forEach((o) => o.els.length && o.cb(o.els.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver));

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  sessionStore.set({ ...emptySession, token: 't' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RowsetView', () => {
  it('draws the filled rows at once and loads the others when they come near, with their page size', async () => {
    const server = fakeServer({
      'GET /v2/rows/6': (call) => ({ body: { ...row(6, true), limit: 21, _limit: call } }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <RowsetView rows={[row(1, true), row(2, true), row(3, true), row(4, true), row(5, false, 'content-h'), row(6, false)]} />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    for (const n of [1, 2, 3, 4]) expect(screen.getByRole('heading', { level: 2, name: `Row ${n}` })).toBeTruthy();
    // The lazy rows are skeletons until they near the viewport; nothing was asked yet.
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(2);
    expect(server.calls).toHaveLength(0);
    vi.useFakeTimers();
    act(() => show());
    // The 150 ms debounce.
    act(() => void vi.advanceTimersByTime(149));
    expect(server.calls).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 2, name: 'Row 6' })).toBeTruthy();
    expect(server.routes()).toContain('GET /v2/rows/6');
    const asked = server.fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    expect(asked.find((u) => u.pathname === '/v2/rows/5')?.searchParams.get('limit')).toBe('18');
    expect(asked.find((u) => u.pathname === '/v2/rows/6')?.searchParams.get('limit')).toBe('21');
  });
});
