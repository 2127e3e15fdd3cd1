import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { FilterPage } from './FilterPage';

// The filter options as GET /v2/filters gives them; the list itself is another screen's.
vi.mock('./api', () => ({
  useFilters: () => ({
    data: {
      genres: [
        { id: 4, name: 'Comedy' },
        { id: 9, name: 'Drama' },
      ],
      countries: [{ id: 840, name: 'USA' }],
    },
  }),
}));
vi.mock('@/features/rows', () => ({
  useRowset: () => ({ data: { rows: [] }, isError: false, refetch: () => undefined }),
  RowList: () => null,
}));

const i18n = createTestI18n('en');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <FilterPage kind="movie" />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('FilterPage', () => {
  it('gives viewers native selects', () => {
    renderAt('/movies');
    expect(screen.getByRole('combobox', { name: 'Genre' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Genre' })).toBeNull();
  });

  it('gives a prerender client every option as a link, the chosen one current', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(GOOGLEBOT);
    renderAt('/movies?genre=4&year=2020-');
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);

    const genre = within(screen.getByRole('group', { name: 'Genre' }));
    expect(genre.getAllByRole('link').map((a) => a.textContent)).toEqual(['All genres', 'Comedy', 'Drama']);
    expect(genre.getByRole('link', { name: 'Comedy' }).getAttribute('aria-current')).toBe('true');
    // Choosing a genre keeps the other filters; "all" clears it and its subgenre.
    expect(genre.getByRole('link', { name: 'Drama' }).getAttribute('href')).toBe('/movies?genre=9&year=2020-');
    expect(genre.getByRole('link', { name: 'All genres' }).getAttribute('href')).toBe('/movies?year=2020-');

    const subgenre = within(screen.getByRole('group', { name: 'Subgenre' }));
    expect(subgenre.getAllByRole('link').map((a) => a.textContent)).toEqual(['Any subgenre', 'Drama']);
    expect(within(screen.getByRole('group', { name: 'Country' })).getByRole('link', { name: 'USA' }).getAttribute('href')).toBe(
      '/movies?genre=4&year=2020-&country=840',
    );
    const year = within(screen.getByRole('group', { name: 'Year' }));
    expect(year.getByRole('link', { name: 'Since 2020' }).getAttribute('aria-current')).toBe('true');
    expect(year.getByRole('link', { name: 'Before 1980' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Rating' })).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Any rating',
      'From 8',
      'From 7',
      'From 6',
    ]);
  });

  it('offers no subgenre before a genre, and keeps ?prerender=1 out of the links', () => {
    window.history.replaceState(null, '', '/movies?prerender=1');
    renderAt('/movies?prerender=1');
    expect(screen.queryByRole('group', { name: 'Subgenre' })).toBeNull();
    const genre = within(screen.getByRole('group', { name: 'Genre' }));
    expect(genre.getByRole('link', { name: 'Comedy' }).getAttribute('href')).toBe('/movies?genre=4');
  });
});
