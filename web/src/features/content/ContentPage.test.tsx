import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { ContentPage } from './ContentPage';
import { contentKeys } from './queries';
import type { Content, ContentMeta } from './types';

const i18n = createTestI18n('en');

const base = {
  original: '',
  year: 2021,
  age: 12,
  is_adult: false,
  is_cartoon: false,
  is_announcement: false,
  is_lost: false,
  duration: 0,
  season: null,
  series: null,
  parent_id: null,
  library_id: 1,
  genres: [],
  countries: [],
  images: [],
  cover: { src_16x9: '', src_2x3: '' },
  background: { web: '' },
  ratings: [],
  rating_imdb: null,
  rating_kinopoisk: null,
  motion_rating: null,
} satisfies Partial<Content>;

const episode = (id: number, season: number, n: number): Content => ({
  ...base,
  id,
  slug: `seriya-${id}`,
  title: `Episode title ${n}`,
  name: '',
  content_type: 'episode',
  category: { id: 2, name: 'Series' },
  season,
  series: n,
  parent_id: 100 + season,
  duration: 1500,
});

const seasonOf = (n: number): Content => ({ ...base, id: 100 + n, slug: `sezon-${100 + n}`, title: `Season ${n}`, name: '', content_type: 'season', category: { id: 2, name: 'Series' }, season: n, parent_id: 5 });

const series: Content = {
  ...base,
  id: 5,
  slug: 'severnyy-veter-5',
  title: 'North Wind',
  name: 'North Wind',
  original: 'Severny veter',
  content_type: 'series',
  category: { id: 2, name: 'Series' },
  genres: [{ id: 3, name: 'Drama', row_slug: 'drama', row_id: 9 }],
  countries: [{ id: 643, name: 'Russia' }],
  rating_kinopoisk: 7.46,
  rating_imdb: 5.9,
  description: `First paragraph ${'x'.repeat(50)}.\n\nSecond paragraph.`,
  persons: [
    { id: 1, slug: 'anna-1', name: 'Anna', image: '', role: 'director' },
    { id: 2, slug: 'boris-2', name: 'Boris', image: '', role: 'actor' },
  ],
  contents: [seasonOf(1), seasonOf(2)],
  next_to_play: episode(11, 1, 1),
};

const meta: ContentMeta = {
  is_purchased: true,
  is_available: true,
  is_continuation: false,
  min_price: null,
  next_to_play: episode(11, 1, 1),
  stream_using: { library_id: 1, content_schedule: null },
  history: null,
  buttons: [{ button_type: 'play', caption: 'Watch', sub_caption: 'Season 1, episode 1' }],
  license_info: null,
  user_license_info: null,
  favorite: false,
  user_rating: null,
  is_lost: false,
};

function Where() {
  const l = useLocation();
  return (
    <output data-testid="where" data-search={l.search}>
      {l.pathname}
    </output>
  );
}

function renderAt(path: string, { state, client = new QueryClient({ defaultOptions: { queries: { retry: false } } }) }: { state?: unknown; client?: QueryClient } = {}) {
  const [pathname, search = ''] = path.split('?');
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
          <Routes>
            <Route path="/contents/:slug/:child?" element={<ContentPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /v2/contents/severnyy-veter-5': () => ({ body: series }),
    'GET /v2/contents/5': () => ({ body: series }),
    'GET /v2/users/self/content_metadata/5': () => ({ body: meta }),
    'GET /v2/contents/5/sources': () => ({ body: [] }),
    'GET /v2/contents/5/similar': () => ({ body: [] }),
    'GET /v2/contents/5/episodes': () => ({ body: [] }),
    ...extra,
  });
}

describe('ContentPage', () => {
  it('shows the series with breadcrumbs, tags, ratings, credits, description and seasons', async () => {
    const episodesBySeason = new Map([
      ['1', [episode(11, 1, 1), episode(12, 1, 2)]],
      ['2', [episode(21, 2, 1), episode(22, 2, 2), episode(23, 2, 3)]],
    ]);
    const server = serve();
    const fetchMock = server.fetchMock;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://test');
      const body =
        url.pathname === '/v2/contents/severnyy-veter-5'
          ? series
          : url.pathname === '/v2/users/self/content_metadata/5'
            ? meta
            : url.pathname === '/v2/contents/5/episodes'
              ? episodesBySeason.get(url.searchParams.get('season') ?? '') ?? []
              : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const user = userEvent.setup();
    renderAt('/contents/severnyy-veter-5');

    expect(await screen.findByRole('heading', { level: 1, name: 'North Wind' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getByRole('link', { name: 'Series' }).getAttribute('href')).toBe('/series');
    expect(screen.getByRole('link', { name: 'Drama' }).getAttribute('href')).toBe('/row/drama');
    const ratings = screen.getByRole('list', { name: 'Ratings' });
    expect(within(ratings).getByText('7.5')).toBeTruthy();
    expect(within(ratings).getByText('5.9')).toBeTruthy();
    expect(within(ratings).getByText('7.5').style.background).not.toBe(within(ratings).getByText('5.9').style.background);
    expect(screen.getByRole('link', { name: 'Anna' }).getAttribute('href')).toBe('/persons/anna-1');

    // The description: the first paragraph, then all of it.
    expect(screen.queryByText('Second paragraph.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByText('Second paragraph.')).toBeTruthy();

    // The watch button names the next episode; season 1 is open; season 2 lists its episodes.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Watch.*Season 1, episode 1/ }).length).toBeGreaterThan(0));
    expect(await screen.findByText('Episode title 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Season 2' }));
    expect(await screen.findByText('Episode title 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Season 2' }).getAttribute('aria-pressed')).toBe('true');

    // Picking an episode opens /watch.
    await user.click(screen.getByText('Episode title 3'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/watch/seriya-23'));
  });

  it('canonicalises a bare id to the slug', async () => {
    serve();
    renderAt('/contents/5');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/contents/severnyy-veter-5'));
  });

  it('shows the not-found state for a missing content and the lost page for a withdrawn one', async () => {
    fakeServer({ 'GET /v2/contents/nothing-9': () => ({ status: 404, body: { error: { type: 'not_found', message: 'Not found' } } }) });
    renderAt('/contents/nothing-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'This video was not found.' })).toBeTruthy();
    cleanup();

    const lost = { ...series, id: 6, slug: 'lost-6', title: 'Gone Film', content_type: 'movie', is_lost: true };
    const server = fakeServer({
      'GET /v2/contents/lost-6': [
        () => ({ status: 404, body: { error: { type: 'lost_content', message: 'Lost', detail: { content_id: '6' } }, lost_content: lost } }),
        // A second request would get a plain not-found and the lost page would not show.
        () => ({ status: 404, body: { error: { type: 'not_found', message: 'Not found' } } }),
      ],
    });
    renderAt('/contents/lost-6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gone Film' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This video is no longer available' })).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(server.routes().filter((r) => r.startsWith('GET /v2/contents/'))).toEqual(['GET /v2/contents/lost-6']);
  });

  it('opens the packets that sell an unpurchased content', async () => {
    const film = { ...series, id: 7, slug: 'matrica-7', title: 'Matrix of Dreams', content_type: 'movie' as const, contents: [], next_to_play: null };
    fakeServer({
      'GET /v2/contents/matrica-7': () => ({ body: film }),
      'GET /v2/users/self/content_metadata/7': () => ({
        body: {
          ...meta,
          is_purchased: false,
          next_to_play: null,
          buttons: [
            {
              button_type: 'pay',
              caption: 'Buy',
              sub_caption: 'from 299 ₽',
              button_data: { packets: [{ packet_id: 3, name: 'Cinema', price: 29900, currency: 'RUB', period_days: 30 }] },
            },
          ],
        },
      }),
      'GET /v2/contents/7/sources': () => ({ body: [] }),
      'GET /v2/contents/7/similar': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderAt('/contents/matrica-7');
    const buy = await screen.findByRole('button', { name: /Buy.*from 299/ });
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Available by subscription' });
    expect(within(dialog).getByRole('link', { name: /Cinema/ }).getAttribute('href')).toBe('/packets/3');
    expect(sessionStorage.getItem('start_after_buy')).toBe('7');
  });

  it('asks for the content with the library of its address and carries it to /watch', async () => {
    const film = { ...series, id: 7, slug: 'matrica-7', title: 'Matrix of Dreams', content_type: 'movie' as const, contents: [], next_to_play: null };
    const server = fakeServer({
      'GET /v2/contents/matrica-7': () => ({ body: film }),
      'GET /v2/users/self/content_metadata/7': () => ({ body: { ...meta, next_to_play: null } }),
      'GET /v2/contents/7/sources': () => ({ body: [] }),
      'GET /v2/contents/7/similar': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderAt('/contents/matrica-7?library_id=3');
    await screen.findByRole('heading', { level: 1, name: 'Matrix of Dreams' });
    const asked = server.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://test')).find((u) => u.pathname === '/v2/contents/matrica-7');
    expect(asked?.searchParams.get('library')).toBe('3');
    const watch = await screen.findAllByRole('button', { name: /Watch/ });
    await waitFor(() => expect(watch[0]?.hasAttribute('disabled')).toBe(false));
    await user.click(watch[0]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/watch/matrica-7'));
    expect(screen.getByTestId('where').getAttribute('data-search')).toBe('?library_id=3');
  });

  it('sends no library and adds none to /watch without ?library_id', async () => {
    const film = { ...series, id: 7, slug: 'matrica-7', title: 'Matrix of Dreams', content_type: 'movie' as const, contents: [], next_to_play: null };
    const server = fakeServer({
      'GET /v2/contents/matrica-7': () => ({ body: film }),
      'GET /v2/users/self/content_metadata/7': () => ({ body: { ...meta, next_to_play: null } }),
      'GET /v2/contents/7/sources': () => ({ body: [] }),
      'GET /v2/contents/7/similar': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderAt('/contents/matrica-7?library_id=abc');
    await screen.findByRole('heading', { level: 1, name: 'Matrix of Dreams' });
    const asked = server.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://test')).find((u) => u.pathname === '/v2/contents/matrica-7');
    expect(asked?.searchParams.has('library')).toBe(false);
    const watch = await screen.findAllByRole('button', { name: /Watch/ });
    await waitFor(() => expect(watch[0]?.hasAttribute('disabled')).toBe(false));
    await user.click(watch[0]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/watch/matrica-7'));
    expect(screen.getByTestId('where').getAttribute('data-search')).toBe('');
  });

  describe('reload asked by the navigation state', () => {
    /** A client already holding fresh meta, sources and episodes of the series. */
    function warmClient() {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(contentKeys.meta(5, 'user-token'), meta);
      client.setQueryData(contentKeys.sources(5, 'user-token'), []);
      client.setQueryData(contentKeys.episodes(5, 1, 'user-token'), [episode(11, 1, 1)]);
      return client;
    }
    const reloaded = (routes: string[]) => ({
      meta: routes.includes('GET /v2/users/self/content_metadata/5'),
      sources: routes.includes('GET /v2/contents/5/sources'),
      episodes: routes.includes('GET /v2/contents/5/episodes'),
    });

    it('refetches the meta, sources and episodes of the content too', async () => {
      const server = serve();
      renderAt('/contents/severnyy-veter-5', { state: { reload: true }, client: warmClient() });
      await screen.findByRole('heading', { level: 1, name: 'North Wind' });
      await waitFor(() => expect(reloaded(server.routes())).toEqual({ meta: true, sources: true, episodes: true }));
    });

    it('keeps fresh data without it', async () => {
      const server = serve();
      renderAt('/contents/severnyy-veter-5', { client: warmClient() });
      await screen.findByRole('heading', { level: 1, name: 'North Wind' });
      await new Promise((r) => setTimeout(r, 50));
      expect(reloaded(server.routes())).toEqual({ meta: false, sources: false, episodes: false });
    });

    it('does not reload for a guest', async () => {
      sessionStore.set({ ...emptySession, token: 'user-token', isLogged: false });
      const server = serve();
      renderAt('/contents/severnyy-veter-5', { state: { reload: true }, client: warmClient() });
      await screen.findByRole('heading', { level: 1, name: 'North Wind' });
      await new Promise((r) => setTimeout(r, 50));
      expect(reloaded(server.routes())).toEqual({ meta: false, sources: false, episodes: false });
    });
  });
});
