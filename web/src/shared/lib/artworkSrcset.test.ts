import { describe, expect, it } from 'vitest';
import { artworkSrcset } from './artworkSrcset';

describe('artworkSrcset', () => {
  it('lists the ladder of a generated picture, its default width as the address itself', () => {
    // The same string as the Go test TestSrcset: the first screen and the app must agree.
    expect(artworkSrcset('/v2/artwork/poster/12.jpg')).toBe(
      '/v2/artwork/poster/12.jpg?w=300 300w, /v2/artwork/poster/12.jpg 400w, ' +
        '/v2/artwork/poster/12.jpg?w=600 600w, /v2/artwork/poster/12.jpg?w=846 846w',
    );
    expect(artworkSrcset('/v2/artwork/promo/3.jpg')).toBe(
      '/v2/artwork/promo/3.jpg?w=480 480w, /v2/artwork/promo/3.jpg?w=768 768w, ' +
        '/v2/artwork/promo/3.jpg 1536w, /v2/artwork/promo/3.jpg?w=1920 1920w',
    );
  });

  it('has a candidate per step for every kind', () => {
    for (const kind of ['poster', 'cover', 'person', 'news', 'background', 'promo']) {
      const set = artworkSrcset(`/v2/artwork/${kind}/5.jpg`) ?? '';
      const candidates = set.split(', ');
      expect(candidates.length).toBeGreaterThanOrEqual(3);
      expect(candidates.some((c) => c.startsWith(`/v2/artwork/${kind}/5.jpg `))).toBe(true);
    }
  });

  it('leaves other addresses alone', () => {
    for (const src of [
      '',
      'https://cdn.example/poster.jpg',
      '/v2/artwork/poster/12.svg',
      '/v2/artwork/poster/12.jpg?w=600',
      '/v2/artwork/gif/12.jpg',
      '/v2/artwork/poster/012.jpg',
      '/v2/artwork/poster/0.jpg',
      'http://efir.test/v2/artwork/poster/12.jpg',
    ]) {
      expect(artworkSrcset(src)).toBeUndefined();
    }
  });
});
