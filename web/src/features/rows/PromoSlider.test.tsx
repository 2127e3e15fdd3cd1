import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { PromoSlider } from './PromoSlider';
import { RowBlock } from './RowBlock';
import type { Content, Promo, Row } from './types';

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
});

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

  it('makes the other banners inert and links the More button to the destination', () => {
    renderIn(<PromoSlider row={sliderRow(2)} />);
    const more = screen.getByRole('link', { name: 'More: Banner 1' });
    expect(more.getAttribute('href')).toBe('/row/row-1');
    expect(more.closest('[inert]')).toBeNull();
    expect(screen.getByRole('link', { name: 'More: Banner 2' }).closest('[inert]')).not.toBeNull();
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
