// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Content, ContentMeta } from '../types';
import { buildBreadcrumbs, sectionOf } from './breadcrumbs';
import { cleanDescription, collapsesOnPage, cutText, paragraphsOf, trimDescription } from './description';
import { idFromSegment, isBareId } from './ids';
import { decidePlay, needsAgeCheck, offeredPackets, playTarget } from './play';
import { contentRatings, ratingTone } from './ratings';
import { initialSeason, seasonsOf, visibleEpisodes } from './seasons';

function content(over: Partial<Content> = {}): Content {
  return {
    id: 1,
    slug: 'severnyy-veter-1',
    title: 'Северный ветер',
    name: 'Северный ветер',
    original: 'North Wind',
    year: 2021,
    content_type: 'movie',
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
    category: { id: 1, name: 'Фильмы' },
    genres: [],
    countries: [],
    images: [],
    cover: { src_16x9: '', src_2x3: '' },
    background: { web: '' },
    ratings: [],
    rating_imdb: null,
    rating_kinopoisk: null,
    motion_rating: null,
    ...over,
  };
}

function meta(over: Partial<ContentMeta> = {}): ContentMeta {
  return {
    is_purchased: true,
    is_available: true,
    is_continuation: false,
    min_price: null,
    next_to_play: null,
    stream_using: { library_id: 1, content_schedule: null },
    history: null,
    buttons: [],
    license_info: null,
    user_license_info: null,
    favorite: false,
    user_rating: null,
    is_lost: false,
    ...over,
  };
}

describe('description', () => {
  it('drops the null and none placeholders', () => {
    expect(cleanDescription('null')).toBe('');
    expect(cleanDescription(' None ')).toBe('');
    expect(cleanDescription(undefined)).toBe('');
    expect(cleanDescription(' Текст ')).toBe('Текст');
    expect(paragraphsOf('Первый.\n\nnull\n\nВторой.')).toEqual(['Первый.', 'Второй.']);
  });

  it('cuts at a word boundary with an ellipsis', () => {
    expect(cutText('short', 600)).toBe('short');
    const cut = cutText('слово '.repeat(200), 600);
    expect(cut.length).toBeLessThanOrEqual(601);
    expect(cut.endsWith('слово\u2026')).toBe(true);
  });

  it('trims to 600 characters with show-all when longer or multi-paragraph', () => {
    const short = trimDescription('Один абзац.');
    expect(short).toEqual({ paragraphs: ['Один абзац.'], short: 'Один абзац.', expandable: false });

    const long = 'а'.repeat(350) + ' ' + 'б'.repeat(350);
    const t = trimDescription(long);
    expect(t.short.length).toBeLessThanOrEqual(601);
    expect(t.expandable).toBe(true);

    const two = trimDescription('Первый абзац.\n\nВторой абзац.');
    expect(two.short).toBe('Первый абзац.');
    expect(two.paragraphs).toHaveLength(2);
    expect(two.expandable).toBe(true);

    expect(trimDescription('none').paragraphs).toEqual([]);
  });

  it('collapses page texts over 400 characters', () => {
    expect(collapsesOnPage('x'.repeat(400))).toBe(false);
    expect(collapsesOnPage('x'.repeat(401))).toBe(true);
    expect(collapsesOnPage('null')).toBe(false);
  });
});

describe('ratings', () => {
  it('puts the named sources first and leaves out empty values', () => {
    const c = content({
      rating_imdb: 7.1,
      rating_kinopoisk: null,
      ratings: [
        { type: 'metacritic', rating: 6.4 },
        { type: 'kinopoisk', rating: 7.46 },
        { type: 'imdb', rating: 9 },
        { type: 'zero', rating: 0 },
      ],
    });
    expect(contentRatings(c)).toEqual([
      { type: 'kinopoisk', value: 7.46 },
      { type: 'imdb', value: 7.1 },
      { type: 'metacritic', value: 6.4 },
    ]);
  });

  it('splits the colours at 6.1 after rounding to one decimal', () => {
    expect(ratingTone(6.0)).toBe('low');
    expect(ratingTone(6.04)).toBe('low');
    expect(ratingTone(6.05)).toBe('high');
    expect(ratingTone(6.1)).toBe('high');
    expect(ratingTone(9.3)).toBe('high');
  });
});

describe('breadcrumbs', () => {
  it('names the section by category or type', () => {
    expect(sectionOf({ category: { id: 2, name: '' }, content_type: 'series' })).toBe('series');
    expect(sectionOf({ category: { id: 3, name: '' }, content_type: 'program' })).toBe('programs');
    expect(sectionOf({ category: { id: 1, name: '' }, content_type: 'movie' })).toBe('movies');
    expect(sectionOf({ category: { id: 0, name: '' }, content_type: 'episode' })).toBe('series');
  });

  it('goes start page, section, content, episode; the last one is the current page', () => {
    const series = content({ content_type: 'series', category: { id: 2, name: 'Сериалы' } });
    const episode = content({ id: 7, slug: 'seriya-7', title: 'Буря', content_type: 'episode', season: 2, series: 3 });
    expect(buildBreadcrumbs(series, episode)).toEqual([
      { kind: 'home', to: '/' },
      { kind: 'series', to: '/series' },
      { kind: 'content', title: 'Северный ветер', to: '/contents/severnyy-veter-1' },
      { kind: 'child', title: 'Буря', season: 2, series: 3 },
    ]);
    const film = buildBreadcrumbs(content());
    expect(film.map((c) => c.kind)).toEqual(['home', 'movies', 'content']);
    expect(film[2]!.to).toBeUndefined();
    const programme = buildBreadcrumbs(content({ content_type: 'program', category: { id: 3, name: '' } }));
    expect(programme[1]).toEqual({ kind: 'programs', to: undefined });
  });
});

describe('route ids', () => {
  it('takes the trailing digits', () => {
    expect(idFromSegment('matrica-snov-12')).toBe(12);
    expect(idFromSegment('12')).toBe(12);
    expect(idFromSegment('matrica')).toBeNull();
    expect(idFromSegment('')).toBeNull();
    expect(isBareId('12')).toBe(true);
    expect(isBareId('matrica-snov-12')).toBe(false);
  });
});

describe('play decision', () => {
  it('plays what the viewer holds', () => {
    expect(decidePlay(meta())).toEqual({ kind: 'play' });
  });

  it('lists the packets of an unpurchased content', () => {
    const pay = {
      button_type: 'pay',
      caption: 'Купить',
      button_data: {
        packet_id: 3,
        packets: [
          { packet_id: 3, name: 'Кино', price: 29900, currency: 'RUB', period_days: 30 },
          { packet_id: 4, name: 'Всё', price: 59900, currency: 'RUB', period_days: 30 },
        ],
      },
    };
    const d = decidePlay(meta({ is_purchased: false, buttons: [pay, { button_type: 'trailer', caption: 'Трейлер' }] }));
    expect(d).toEqual({
      kind: 'pay',
      packets: [
        { id: 3, name: 'Кино', price: 29900, currency: 'RUB', period_days: 30 },
        { id: 4, name: 'Всё', price: 59900, currency: 'RUB', period_days: 30 },
      ],
    });
  });

  it('reads one packet from flat button data and deduplicates', () => {
    const one = { button_type: 'pay', caption: 'Купить', button_data: { packet_id: '5', price: 100, currency: 'RUB' } };
    expect(offeredPackets([one, one])).toEqual([{ id: 5, name: 'Купить', price: 100, currency: 'RUB', period_days: undefined }]);
  });

  it('sends a programme with catch-up to the archive and refuses what cannot play', () => {
    const schedule = { id: 9, channel_id: 4, start_at: 1_700_000_000 };
    expect(decidePlay(meta({ is_available: false, is_purchased: false, stream_using: { library_id: null, content_schedule: schedule } }))).toEqual({
      kind: 'schedule',
      channelId: 4,
      startAt: 1_700_000_000,
    });
    expect(decidePlay(meta({ is_available: false, is_purchased: false, stream_using: null }))).toEqual({ kind: 'unavailable' });
    expect(decidePlay(meta({ is_lost: true }))).toEqual({ kind: 'unavailable' });
  });

  it('asks the PIN for 18+ and, on a child profile, for anything over 12', () => {
    expect(needsAgeCheck({ age: 18, is_adult: false }, false)).toBe(true);
    expect(needsAgeCheck({ age: 16, is_adult: false }, false)).toBe(false);
    expect(needsAgeCheck({ age: 0, is_adult: true }, false)).toBe(true);
    expect(needsAgeCheck({ age: 16, is_adult: false }, true)).toBe(true);
    expect(needsAgeCheck({ age: 12, is_adult: false }, true)).toBe(false);
  });

  it('plays the chosen episode, else the series next episode, else the content', () => {
    const series = content({ content_type: 'series', next_to_play: content({ id: 30, content_type: 'episode' }) });
    const chosen = content({ id: 31, content_type: 'episode' });
    expect(playTarget(series, chosen)?.id).toBe(31);
    expect(playTarget(series, null, meta({ next_to_play: content({ id: 32, content_type: 'episode' }) }))?.id).toBe(32);
    expect(playTarget(series, null)?.id).toBe(30);
    expect(playTarget(content({ content_type: 'series' }), null)).toBeNull();
    expect(playTarget(content({ content_type: 'program', id: 5 }), null)?.id).toBe(5);
    expect(playTarget(content({ id: 8 }), null)?.id).toBe(8);
  });
});

describe('seasons', () => {
  const s = (id: number, season: number) => content({ id, content_type: 'season', season });
  const series = content({ content_type: 'series', contents: [s(12, 3), s(10, 1), s(11, 2)] });

  it('orders the seasons of a series', () => {
    expect(seasonsOf(series).map((x) => x.season)).toEqual([1, 2, 3]);
    expect(seasonsOf(content())).toEqual([]);
  });

  it("opens the chosen child's season, else the next episode's, else the first", () => {
    const seasons = seasonsOf(series);
    expect(initialSeason(seasons, content({ content_type: 'episode', season: 2 }), null)).toBe(2);
    expect(initialSeason(seasons, s(12, 3), null)).toBe(3);
    expect(initialSeason(seasons, null, content({ content_type: 'episode', season: 3 }))).toBe(3);
    expect(initialSeason(seasons, null, null)).toBe(1);
    expect(initialSeason([], null, null)).toBeNull();
  });

  it('shows the first 25 episodes until show-all', () => {
    const list = Array.from({ length: 30 }, (_, i) => i);
    expect(visibleEpisodes(list, false)).toHaveLength(25);
    expect(visibleEpisodes(list, true)).toHaveLength(30);
  });
});
