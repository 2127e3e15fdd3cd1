import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics, AnalyticsClient, BATCH_SIZE, FLUSH_MS, MAX_BATCH, trackAd, type Transport } from './client';

function fakeTransport(beaconOk = true) {
  const posts: { url: string; body: string; token: string | null }[] = [];
  const beacons: { url: string; body: string }[] = [];
  const transport: Transport = {
    post: (url, body, token) => void posts.push({ url, body, token }),
    beacon: (url, body) => {
      beacons.push({ url, body });
      return beaconOk;
    },
  };
  return { posts, beacons, transport };
}

const ev = { type: 'event', name: 'back' } as const;
const sent = (body: string) => (JSON.parse(body) as { events: unknown[] }).events.length;

describe('AnalyticsClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a batch when BATCH_SIZE events wait', () => {
    const f = fakeTransport();
    const c = new AnalyticsClient({ transport: f.transport, token: () => 'tok', off: () => false });
    for (let i = 0; i < BATCH_SIZE - 1; i++) c.track(ev);
    expect(f.posts).toHaveLength(0);
    c.track(ev);
    expect(f.posts).toHaveLength(1);
    expect(sent(f.posts[0]!.body)).toBe(BATCH_SIZE);
    expect(f.posts[0]!.url).toBe('/v2/analytics/events');
    expect(f.posts[0]!.token).toBe('tok');
    expect(c.pending).toBe(0);
  });

  it('sends what waits FLUSH_MS after the first event', () => {
    const f = fakeTransport();
    const c = new AnalyticsClient({ transport: f.transport, token: () => null, off: () => false });
    c.track(ev);
    vi.advanceTimersByTime(FLUSH_MS / 2);
    c.track(ev);
    expect(f.posts).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_MS / 2);
    expect(f.posts).toHaveLength(1);
    expect(sent(f.posts[0]!.body)).toBe(2);
    vi.advanceTimersByTime(FLUSH_MS * 3);
    expect(f.posts).toHaveLength(1);
  });

  it('uses a beacon with the token in the query when the page goes away, and falls back to a request', () => {
    const f = fakeTransport();
    const c = new AnalyticsClient({ transport: f.transport, token: () => 'tok', off: () => false });
    c.track(ev);
    c.flush(true);
    expect(f.beacons).toEqual([{ url: '/v2/analytics/events?access_token=tok', body: JSON.stringify({ events: [ev] }) }]);
    expect(f.posts).toHaveLength(0);

    const refused = fakeTransport(false);
    const d = new AnalyticsClient({ transport: refused.transport, token: () => null, off: () => false });
    d.track(ev);
    d.flush(true);
    expect(refused.beacons[0]!.url).toBe('/v2/analytics/events');
    expect(refused.posts).toHaveLength(1);
  });

  it('splits a long queue into batches the server takes', () => {
    const f = fakeTransport();
    const c = new AnalyticsClient({ transport: f.transport, token: () => null, off: () => false, size: 1000 });
    for (let i = 0; i < MAX_BATCH * 2 + 5; i++) c.track(ev);
    c.flush();
    expect(f.posts.map((p) => sent(p.body))).toEqual([MAX_BATCH, MAX_BATCH, 5]);
  });

  it('sends nothing at all in the mobile-account mode', () => {
    const f = fakeTransport();
    const c = new AnalyticsClient({ transport: f.transport, token: () => null, off: () => true, size: 1 });
    c.track(ev);
    c.flush(true);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(f.posts).toHaveLength(0);
    expect(f.beacons).toHaveLength(0);
  });
});

describe('trackAd', () => {
  it('queues the spec\'s ad event with its place, number and object', () => {
    const track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
    trackAd('first_quartile', 'pre_roll', 2, 17, 'spot-1');
    trackAd('error', 'post_pause_roll', 1, 5);
    expect(track.mock.calls.map((c) => c[0])).toEqual([
      { type: 'ad', name: 'first_quartile', place: 'pre_roll', number: 2, object_id: 17, ad: 'spot-1' },
      { type: 'ad', name: 'error', place: 'post_pause_roll', number: 1, object_id: 5 },
    ]);
  });
});
