import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { contentsCount, filledSections, personNoindex } from './rules';

describe('person rules', () => {
  it('is noindex under 2 contents', () => {
    expect(personNoindex({ contents_count: 0 })).toBe(true);
    expect(personNoindex({ contents_count: 1 })).toBe(true);
    expect(personNoindex({ contents_count: 2 })).toBe(false);
    expect(personNoindex({ contents_count: 5, noindex: true })).toBe(true);
  });

  it('counts the distinct contents of the sections for noindex when the server gives no count', () => {
    const c = (id: number) => ({ id }) as never;
    expect(personNoindex({})).toBe(true);
    expect(personNoindex({ sections: { movies: [c(1)], series: [], program: [] } })).toBe(true);
    expect(personNoindex({ sections: { movies: [c(1)], series: [c(1)], program: [] } })).toBe(true);
    expect(personNoindex({ sections: { movies: [c(1)], series: [c(2)], program: [] } })).toBe(false);
    // The server's count wins when it has one.
    expect(personNoindex({ contents_count: 1, sections: { movies: [c(1), c(2)], series: [], program: [] } })).toBe(true);
  });

  it('lists the filled sections in order and counts them when the server does not', () => {
    const c = (id: number) => ({ id }) as never;
    const p = { sections: { program: [c(1)], movies: [c(2), c(3)], series: [] } };
    expect(filledSections(p)).toEqual(['movies', 'program']);
    expect(contentsCount(p)).toBe(3);
    expect(contentsCount({ sections: { movies: [c(2)], series: [c(2)], program: [c(4)] } })).toBe(2);
    expect(contentsCount({ contents_count: 7, sections: p.sections })).toBe(7);
  });

  it('says the film count with the three Russian forms (1, 2-4, others)', () => {
    const ru = createTestI18n('ru');
    const say = (count: number) => ru.t('persons.films', { count });
    expect(say(1)).toBe('1 фильм');
    expect(say(2)).toBe('2 фильма');
    expect(say(4)).toBe('4 фильма');
    expect(say(5)).toBe('5 фильмов');
    expect(say(11)).toBe('11 фильмов');
    expect(say(21)).toBe('21 фильм');
    expect(say(22)).toBe('22 фильма');
    const en = createTestI18n('en');
    expect(en.t('persons.films', { count: 1 })).toBe('1 film');
    expect(en.t('persons.films', { count: 3 })).toBe('3 films');
  });
});
