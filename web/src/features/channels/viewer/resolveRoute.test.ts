import { describe, expect, it } from 'vitest';
import type { Category } from '../types';
import { resolveViewerRoute } from './resolveRoute';

const cats = [
  { id: 32, slug: 'all', name: 'All', short: '', sort: 0, channels: [], tags: { all_channels: true, startup: true, is_adult: false } },
  { id: 1, slug: 'news', name: 'News', short: '', sort: 1, channels: [], tags: { all_channels: false, startup: false, is_adult: false } },
] as Category[];
const own = (seg: string) => (seg === 'efir-news' ? 1 : null);

describe('viewer route', () => {
  it('reads /channels/{category}/{channel}/{ts} and ?ts=', () => {
    expect(resolveViewerRoute({ category: 'news', channel: 'efir-news', ts: '1795231200' }, new URLSearchParams(), cats, own)).toEqual({
      categorySegment: 'news',
      channel: 'efir-news',
      ts: '1795231200',
    });
    expect(resolveViewerRoute({ category: 'all', channel: '2' }, new URLSearchParams('ts=1795231200'), cats, own)?.ts).toBe('1795231200');
  });
  it('reads /channels/{channel}/{ts} with the channel first', () => {
    expect(resolveViewerRoute({ category: 'efir-news', channel: '1795231200' }, new URLSearchParams(), cats, own)).toEqual({
      categorySegment: 'news',
      channel: 'efir-news',
      ts: '1795231200',
    });
    expect(resolveViewerRoute({ category: 'weather' }, new URLSearchParams(), cats, own)).toEqual({
      categorySegment: '32',
      channel: 'weather',
      ts: null,
    });
  });
});
