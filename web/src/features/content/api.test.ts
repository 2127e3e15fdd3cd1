// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { libraryIdOf, withLibrary } from './api';

describe('library of a content address', () => {
  it('reads ?library_id when it is a positive whole number', () => {
    expect(libraryIdOf('?library_id=3')).toBe(3);
    expect(libraryIdOf('?x=1&library_id=12')).toBe(12);
    expect(libraryIdOf('')).toBeUndefined();
    expect(libraryIdOf('?library_id=')).toBeUndefined();
    expect(libraryIdOf('?library_id=0')).toBeUndefined();
    expect(libraryIdOf('?library_id=-2')).toBeUndefined();
    expect(libraryIdOf('?library_id=1.5')).toBeUndefined();
    expect(libraryIdOf('?library_id=abc')).toBeUndefined();
    expect(libraryIdOf('?library_id=1e2')).toBeUndefined();
    expect(libraryIdOf('?library_id=%203')).toBeUndefined();
  });

  it('adds it to an address when known', () => {
    expect(withLibrary('/watch/film-7', 3)).toBe('/watch/film-7?library_id=3');
    expect(withLibrary('/watch/film-7?t=1', 3)).toBe('/watch/film-7?t=1&library_id=3');
    expect(withLibrary('/watch/film-7', undefined)).toBe('/watch/film-7');
    expect(withLibrary('/watch/film-7', null)).toBe('/watch/film-7');
  });
});
