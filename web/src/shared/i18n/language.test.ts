import { describe, expect, it } from 'vitest';
import { LANGUAGES, normaliseLanguage, offeredLanguages, pickLanguage } from './language';

describe('normaliseLanguage', () => {
  it.each([
    ['kz', 'kk'],
    ['KZ', 'kk'],
    ['kk-KZ', 'kk'],
    ['ru-RU', 'ru'],
    ['ru_RU', 'ru'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['uz-Latn-UZ', 'uz'],
    ['uz-Cyrl', 'uz'],
    [' lv ', 'lv'],
    ['ro', 'ro'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseLanguage(input)).toBe(expected);
  });

  it('rejects languages the interface does not have', () => {
    expect(normaliseLanguage('de-DE')).toBeNull();
    expect(normaliseLanguage('')).toBeNull();
    expect(normaliseLanguage(null)).toBeNull();
  });

  it('has the 11 interface languages of the spec', () => {
    expect([...LANGUAGES].sort()).toEqual(['az', 'bg', 'en', 'ka', 'kk', 'ky', 'lv', 'ro', 'ru', 'tg', 'uz']);
  });
});

describe('pickLanguage', () => {
  it('prefers the stored preference, normalised', () => {
    expect(pickLanguage('kz', ['en-US'])).toBe('kk');
  });
  it('falls back to the first supported browser language', () => {
    expect(pickLanguage(null, ['de-DE', 'ka-GE', 'en'])).toBe('ka');
  });
  it('falls back to Russian', () => {
    expect(pickLanguage('xx', ['de'])).toBe('ru');
  });
});

describe('offeredLanguages (header, sign-in and settings pickers)', () => {
  it('lists the languages of network data', () => {
    expect(offeredLanguages(['ru', 'en', 'uz'], 'ru')).toEqual(['ru', 'en', 'uz']);
  });

  it('falls back to all 11 languages when the network lists none (or none it knows)', () => {
    expect(offeredLanguages([], 'en')).toEqual([...LANGUAGES]);
    expect(offeredLanguages(undefined, 'en')).toEqual([...LANGUAGES]);
    expect(offeredLanguages(['xx'], 'en')).toEqual([...LANGUAGES]);
  });

  it('always lists the current language', () => {
    expect(offeredLanguages(['ru', 'en'], 'ka')).toEqual(['ka', 'ru', 'en']);
  });
});
