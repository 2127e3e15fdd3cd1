import { describe, expect, it } from 'vitest';
import { filterParams, readFilters, withFilter, withoutFilters, yearOptions } from './options';

describe('year options (spec 5)', () => {
  it('lists last year to this year, the 5 years before, 2020 to now, the decades and before 1980', () => {
    const ids = yearOptions(new Date(2026, 5, 1)).map((o) => o.id);
    expect(ids).toEqual(['2025-2026', '2024', '2023', '2022', '2021', '2020', '2020-', '2010-2019', '2000-2009', '1990-1999', '1980-1989', '-1979']);
  });

  it('gives each option its bounds', () => {
    const byId = Object.fromEntries(yearOptions(new Date(2026, 0, 1)).map((o) => [o.id, [o.from, o.to]]));
    expect(byId['2025-2026']).toEqual([2025, 2026]);
    expect(byId['2024']).toEqual([2024, 2024]);
    expect(byId['2020-']).toEqual([2020, null]);
    expect(byId['-1979']).toEqual([null, 1979]);
  });
});

describe('filters in the address', () => {
  it('turns the filters into the row request (genre is the main genre, subgenre another)', () => {
    const s = readFilters(new URLSearchParams('genre=4&subgenre=9&country=840&year=2010-2019&rating=7'));
    expect(filterParams('movie', s, new Date(2026, 0, 1))).toEqual({
      content_type: 'movie',
      main_genre: '4',
      genre: '9',
      country: '840',
      year_from: 2010,
      year_to: 2019,
      rating_from: 7,
    });
  });

  it('ignores values that are not options', () => {
    const s = readFilters(new URLSearchParams('country=xx&year=1850&rating=9'));
    expect(filterParams('series', s, new Date(2026, 0, 1))).toEqual({ content_type: 'series' });
  });

  it('drops the subgenre with its genre and clears every filter', () => {
    const q = new URLSearchParams('genre=4&subgenre=9&year=2024&q=x');
    expect(withFilter(q, 'genre', '').toString()).toBe('year=2024&q=x');
    expect(withFilter(q, 'rating', '8').get('rating')).toBe('8');
    expect(withoutFilters(q).toString()).toBe('q=x');
  });
});
