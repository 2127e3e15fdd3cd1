import { describe, expect, it } from 'vitest';
import { embedGate, siteChannelUrl } from './gate';

const ch = { is_available: true, is_purchased: true, is_free: false, access_error: null };

describe('embed gate', () => {
  it('plays an available channel once the PIN gate is open', () => {
    expect(embedGate(ch, 'open')).toEqual({ kind: 'play' });
    expect(embedGate({ ...ch, is_purchased: false, is_free: true }, 'open')).toEqual({ kind: 'play' });
  });

  it('asks for the PIN before an adult channel plays', () => {
    expect(embedGate(ch, 'asking')).toEqual({ kind: 'pin' });
    expect(embedGate(ch, 'refused')).toEqual({ kind: 'pin' });
  });

  it('explains a channel that is not purchased, with the server text when it has one', () => {
    expect(embedGate({ ...ch, is_available: false, is_purchased: false }, 'open')).toEqual({ kind: 'notPurchased', message: null });
    expect(embedGate({ ...ch, is_available: false, is_purchased: false, access_error: ' Buy it ' }, 'asking')).toEqual({
      kind: 'notPurchased',
      message: 'Buy it',
    });
  });

  it('explains a purchased channel that is still not available', () => {
    expect(embedGate({ ...ch, is_available: false, access_error: 'Blocked here' }, 'open')).toEqual({ kind: 'unavailable', message: 'Blocked here' });
  });

  it('links the channel on the site, from the moment when there is one', () => {
    expect(siteChannelUrl('https://efir.tv', { id: 5, slug: 'news' }, null)).toBe('https://efir.tv/channels/all/news');
    expect(siteChannelUrl('https://efir.tv', { id: 5, slug: '' }, 1_700_000_000)).toBe('https://efir.tv/channels/all/5/1700000000');
  });
});
