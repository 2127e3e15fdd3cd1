import { describe, expect, it } from 'vitest';
import { playbackError, playbackObject } from './metrics';

describe('playback metrics', () => {
  it('reads what plays from the content key or the stat id', () => {
    expect(playbackObject({ url: 'u', kind: 'live', contentKey: 'channel-5' })).toEqual({ start_type: 'live', channel_id: 5 });
    expect(playbackObject({ url: 'u', kind: 'archive', contentKey: 'channel:7' })).toEqual({ start_type: 'archive', channel_id: 7 });
    expect(playbackObject({ url: 'u', kind: 'vod', statId: 'vod12-ab' })).toEqual({ start_type: 'vod', content_id: 12 });
    expect(playbackObject({ url: 'u', kind: 'vod', contentKey: 'content:3' })).toEqual({ start_type: 'vod', content_id: 3 });
    expect(playbackObject({ url: 'u', kind: 'trailer' })).toBeNull();
    expect(playbackObject(null)).toBeNull();
  });

  it('makes the playback error event of the spec', () => {
    const e = playbackError({ start_type: 'live', channel_id: 5 }, { url: 'https://x/live.m3u8?token=secret', kind: 'live' }, 'codec', 4, 12.7);
    expect(e).toEqual({
      type: 'playback_error',
      start_type: 'live',
      channel_id: 5,
      code: 4,
      error_type: 'codecError',
      stream_type: 'hls',
      url: 'https://x/live.m3u8',
      details: 'error_video_codec',
      position: 12,
    });
  });
});
