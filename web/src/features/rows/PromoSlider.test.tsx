import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCoveredContext } from '@/shared/lib/pageCovered';
import { NARROW_QUERY, PHONE_QUERY } from '@/shared/lib/useMediaQuery';
import { createTestI18n } from '../../test/i18n';
import { PromoSlider } from './PromoSlider';
import { TRAILER_DELAY_MS } from './PromoSliderSlide';
import { RowBlock } from './RowBlock';
import type { Content, Promo, Row } from './types';

// The trailer's stream and player: a plain <video> naming the trailer it plays.
vi.mock('@/shared/api', async (original) => ({
  ...(await original<typeof import('@/shared/api')>()),
  useTrailerStream: (id: number | null, wanted: boolean) => ({ data: wanted && id != null ? { hls: `/trailers/${id}.m3u8` } : undefined }),
}));
vi.mock('@/features/player', () => ({
  Player: ({ source }: { source: { url: string } | null }) => <video data-testid="trailer" data-src={source?.url ?? ''} />,
}));

const i18n = createTestI18n('en');

const promo = (id: number): Promo =>
  ({
    id,
    name: `p${id}`,
    title: `Banner ${id}`,
    description: `About ${id}`,
    short: '',
    images: [],
    cover: { bg: '', color_bg: '#123456' },
    destination: { type: 'row', id, slug: `row-${id}` },
  }) as Promo;

const sliderRow = (n: number): Row =>
  ({ id: 1, slug: 'main', title: 'Main', template: 'promo-bg', content_type: 'promotions', more_count: 0, limit: 24, offset: 0, promotions: Array.from({ length: n }, (_, i) => promo(i + 1)) }) as Row;

function renderIn(node: React.ReactNode) {
  // No network in these tests: the network data (OTT flag) stays unknown.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{node}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const current = () => screen.getAllByRole('button', { name: /^Show slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** matchMedia answering `matches` for the queries given (jsdom has none). */
function mediaMatching(...queries: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: queries.includes(query), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

const withTrailer = (id: number, trailer: number | null): Promo => ({ ...promo(id), trailer_id: trailer });
const trailerRow = (...promos: Promo[]): Row => ({ ...sliderRow(0), promotions: promos });
const trailers = () => screen.queryAllByTestId('trailer').map((v) => v.getAttribute('data-src'));
/** Past the banner's picture time, with the lazy trailer piece loaded. */
async function afterDelay() {
  act(() => void vi.advanceTimersByTime(TRAILER_DELAY_MS));
  // The render above asked for the trailer piece: let its import settle and React resume.
  await act(() => vi.dynamicImportSettled());
}

describe('PromoSlider', () => {
  beforeEach(() => vi.useFakeTimers());

  it('moves to the next banner every 7 s and wraps around', () => {
    renderIn(<PromoSlider row={sliderRow(3)} />);
    expect(current()).toBe(0);
    act(() => void vi.advanceTimersByTime(6_999));
    expect(current()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    act(() => void vi.advanceTimersByTime(7_000));
    expect(current()).toBe(2);
    act(() => void vi.advanceTimersByTime(7_000));
    expect(current()).toBe(0);
  });

  it('does not rotate while hovered, and not with one banner', () => {
    const { container } = renderIn(<PromoSlider row={sliderRow(2)} />);
    fireEvent.mouseEnter(container.querySelector('section')!);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    cleanup();
    renderIn(<PromoSlider row={sliderRow(1)} />);
    expect(screen.queryAllByRole('button', { name: /^Show slide/ })).toHaveLength(0);
  });

  it('follows the dots, the arrow keys and the pause control', () => {
    const { container } = renderIn(<PromoSlider row={sliderRow(3)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(current()).toBe(2);
    fireEvent.keyDown(container.querySelector('section')!, { key: 'ArrowRight' });
    expect(current()).toBe(0);
    fireEvent.keyDown(container.querySelector('section')!, { key: 'ArrowLeft' });
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => void vi.advanceTimersByTime(30_000));
    expect(current()).toBe(2);
  });

  it('never rotates for a prerender client (user agent or ?prerender=1)', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)');
    renderIn(<PromoSlider row={sliderRow(3)} />);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(current()).toBe(0);
    cleanup();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/?prerender=1');
    renderIn(<PromoSlider row={sliderRow(3)} />);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(current()).toBe(0);
  });

  it('makes the other banners inert and links the More button to the destination', () => {
    renderIn(<PromoSlider row={sliderRow(2)} />);
    const more = screen.getByRole('link', { name: 'More: Banner 1' });
    expect(more.getAttribute('href')).toBe('/row/row-1');
    expect(more.closest('[inert]')).toBeNull();
    expect(screen.getByRole('link', { name: 'More: Banner 2' }).closest('[inert]')).not.toBeNull();
  });
});

describe('PromoSlider trailers', () => {
  beforeEach(() => vi.useFakeTimers());

  it('plays the trailer of the active banner only, after its picture has shown', async () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const first = { ...withTrailer(1, 71), images: [{ itype: 'cover', src: '/art/1.jpg' }] } as Promo;
    const { container } = renderIn(<PromoSlider row={trailerRow(first, withTrailer(2, 72), withTrailer(3, null))} />);
    await afterDelay();
    expect(trailers()).toEqual([]); // the picture has not loaded yet
    fireEvent.load(container.querySelector('img[src="/art/1.jpg"]')!);
    await act(async () => void vi.advanceTimersByTime(TRAILER_DELAY_MS - 1));
    expect(trailers()).toEqual([]);
    await afterDelay();
    expect(trailers()).toEqual(['/trailers/71.m3u8']);
    expect(screen.getByTestId('trailer').closest('[inert]')).toBeNull();

    // The next banner: the first trailer holds its frame, the second starts after its delay.
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2' }));
    expect(pause).toHaveBeenCalled();
    expect(trailers()).toEqual(['/trailers/71.m3u8']);
    await afterDelay();
    expect(trailers()).toEqual(['/trailers/71.m3u8', '/trailers/72.m3u8']);

    // A banner without a trailer stays a picture.
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    await afterDelay();
    expect(trailers()).toHaveLength(2);
  });

  it('plays nothing on narrow screens, for reduced motion, in a hidden tab, under a modal page or for prerender', async () => {
    const row = trailerRow(withTrailer(1, 71), withTrailer(2, 72));
    for (const setup of [
      () => mediaMatching(NARROW_QUERY, PHONE_QUERY),
      () => mediaMatching('(prefers-reduced-motion: reduce)'),
      () => vi.spyOn(document, 'hidden', 'get').mockReturnValue(true),
      () => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1)'),
    ]) {
      setup();
      renderIn(<PromoSlider row={row} />);
      await afterDelay();
      await afterDelay();
      expect(trailers()).toEqual([]);
      cleanup();
      vi.restoreAllMocks();
    }
    // Under an open modal page (a content page, the player) the home page is out of sight.
    renderIn(
      <PageCoveredContext.Provider value={true}>
        <PromoSlider row={row} />
      </PageCoveredContext.Provider>,
    );
    await afterDelay();
    await afterDelay();
    expect(trailers()).toEqual([]);
    cleanup();
    // The same banners on a wide screen in a visible tab do play.
    renderIn(<PromoSlider row={row} />);
    await afterDelay();
    expect(trailers()).toEqual(['/trailers/71.m3u8']);
  });
});

describe('RowBlock', () => {
  const content = (id: number) =>
    ({ id, slug: `film-${id}`, title: `Film ${id}`, content_type: 'movie', year: 2020, age: 12, genres: [], countries: [], images: [], cover: { src_16x9: '', src_2x3: '' }, ratings: [], rating_imdb: 7.1, rating_kinopoisk: null }) as unknown as Content;
  const row = (n: number, more = 0): Row =>
    ({ id: 5, slug: 'new-films', title: 'New films', template: 'content-v', content_type: 'contents', more_count: more, limit: 21, offset: 0, library_id: 2, contents: Array.from({ length: n }, (_, i) => content(i + 1)) }) as Row;

  it('lists the tiles with the open-all tile past 6 items', () => {
    renderIn(<RowBlock row={row(7)} />);
    expect(screen.getByRole('heading', { level: 2, name: 'New films' })).toBeTruthy();
    const tile = screen.getByRole('link', { name: /Film 1/ });
    expect(tile.getAttribute('href')).toBe('/contents/film-1?library_id=2');
    expect(screen.getByRole('link', { name: 'Show all: New films' }).getAttribute('href')).toBe('/row/new-films');
  });

  it('has no open-all tile with 6 items, and nothing at all when empty', () => {
    renderIn(<RowBlock row={row(6)} />);
    expect(screen.queryByRole('link', { name: /Show all/ })).toBeNull();
    cleanup();
    const { container } = renderIn(<RowBlock row={row(0)} />);
    expect(container.innerHTML).toBe('');
  });

  it('moves the focus along the row with the arrow keys', () => {
    renderIn(<RowBlock row={row(3)} />);
    const first = screen.getByRole('link', { name: /Film 1/ });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Film 2/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Film 3/ }));
  });
});
