import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { useHistoryReport } from './useHistoryReport';

/** A player: the hook over a <video> of its own, its onWatched10s handed out. */
function Player({ onReady }: { onReady: (watched10s: () => void) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const { onWatched10s } = useHistoryReport(7, () => video.current);
  onReady(onWatched10s);
  return <video ref={video} />;
}

/** Sets the element's clock (jsdom keeps none of its own). */
function clock(seconds: number) {
  const v = document.querySelector('video')!;
  Object.defineProperty(v, 'currentTime', { configurable: true, get: () => seconds });
  Object.defineProperty(v, 'duration', { configurable: true, get: () => 1200 });
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the history report', () => {
  it('saves after 10 s watched and, on leaving, the position of that moment', async () => {
    const server = fakeServer({ 'PUT /v2/users/self/history/7': () => ({ body: {} }) });
    let watched10s = () => undefined as void;
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <Player onReady={(f) => (watched10s = f)} />
      </QueryClientProvider>,
    );
    clock(10.4);
    act(() => watched10s());
    // Played on to 14.7 s, left before the next sample (every second).
    clock(14.7);
    unmount();
    await act(async () => undefined);
    const saved = server.calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(saved).toEqual([
      { seconds: 10, duration: 1200 },
      { seconds: 14, duration: 1200 },
    ]);
  });
});
