// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { idFromSegment as embedContentId, parseLibraryId } from '@/features/content';
import { channelEmbedPath, contentEmbedPath, isFramed, siteContentUrl } from './embed';
import { pickLibraryId, withoutLibraryParam } from './library';

describe('content embed addresses', () => {
  it('takes the content id from the trailing digits of the slug or id', () => {
    expect(embedContentId('matrica-snov-12')).toBe(12);
    expect(embedContentId('12')).toBe(12);
    expect(embedContentId('serial-2-sezon-345')).toBe(345);
    expect(embedContentId('matrica-snov')).toBeNull();
    expect(embedContentId('matrica-0')).toBeNull();
    expect(embedContentId('')).toBeNull();
    expect(embedContentId(undefined)).toBeNull();
  });

  it('moves to another content inside the embed, keeping the query', () => {
    expect(contentEmbedPath({ id: 7, slug: 'serial-7' }, '?ignore_parental_control=1')).toBe('/content_embed/serial-7?ignore_parental_control=1');
    expect(contentEmbedPath({ id: 7, slug: '' }, '')).toBe('/content_embed/7');
    expect(contentEmbedPath({ id: 7, slug: 'a-7' }, 'x=1')).toBe('/content_embed/a-7?x=1');
    expect(contentEmbedPath({ id: 7, slug: 'a-7' }, '?')).toBe('/content_embed/a-7');
  });

  it('plays a catch-up in the channel embed', () => {
    expect(channelEmbedPath(3, 1_700_000_000)).toBe('/channel_embed/3?ts=1700000000');
  });

  it("links the site's content page, the series' page with the episode for an episode", () => {
    const film = { id: 5, slug: 'film-5' };
    expect(siteContentUrl('https://efir.tv', film)).toBe('https://efir.tv/contents/film-5');
    expect(siteContentUrl('https://efir.tv', film, film)).toBe('https://efir.tv/contents/film-5');
    expect(siteContentUrl('https://efir.tv', { id: 9, slug: 'ep-9' }, { id: 2, slug: 'series-2' })).toBe('https://efir.tv/contents/series-2/ep-9');
  });
});

describe('library to stream from', () => {
  it('reads ?library_id only as a positive integer', () => {
    expect(parseLibraryId('4')).toBe(4);
    expect(parseLibraryId('0004')).toBe(4);
    for (const bad of [null, undefined, '', '0', '-3', '2.5', '1e3', ' 4', '4a', 'abc', '99999999999999999999']) {
      expect(parseLibraryId(bad), String(bad)).toBeNull();
    }
  });

  it("prefers the address's library, then meta's, then the content's", () => {
    expect(pickLibraryId({ param: 9, meta: 2, content: 1 })).toBe(9);
    expect(pickLibraryId({ param: null, meta: 2, content: 1 })).toBe(2);
    expect(pickLibraryId({ param: null, meta: null, content: 1 })).toBe(1);
    expect(pickLibraryId({ param: null, meta: 0, content: 1 })).toBe(1);
    expect(pickLibraryId({ param: null })).toBe(0);
  });

  it('drops ?library_id for the address of another content', () => {
    expect(withoutLibraryParam('?library_id=3&ignore_parental_control=1')).toBe('?ignore_parental_control=1');
    expect(withoutLibraryParam('?library_id=3')).toBe('');
    expect(withoutLibraryParam('')).toBe('');
  });
});

describe('isFramed', () => {
  it('tells a frame from a page of its own', () => {
    const page = {};
    expect(isFramed({ self: page, top: page })).toBe(false);
    expect(isFramed({ self: page, top: {} })).toBe(true);
    expect(isFramed(undefined)).toBe(false);
  });
  it('counts a parent that refuses to be read as a frame', () => {
    const refusing = {
      self: {},
      get top(): unknown {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isFramed(refusing)).toBe(true);
  });
});
