import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore, AlertHost } from '@/shared/ui';
import { createTestI18n } from '../../test/i18n';
import type { EngineEvents } from './engine';
import { Player } from './Player';
import type { PlayerProps, PlayerSource } from './types';

// The player over a fake <video> (jsdom has no media) and a fake engine (no hls.js):
// states, keys, pause refusal, the live tick, stat (and a stream the server stopped), zap
// buttons and the menus.

const fake = vi.hoisted(() => ({
  clock: null as number | null,
  events: null as EngineEvents | null,
  loads: [] as string[],
  resumes: [] as (number | undefined)[],
  levels: [] as number[],
}));

vi.mock('./engine', () => ({
  loadHls: () => Promise.resolve(null),
  Engine: class {
    constructor(_video: HTMLVideoElement, events: EngineEvents) {
      fake.events = events;
    }
    load(source: PlayerSource, resumeAt?: number) {
      fake.loads.push(source.url);
      fake.resumes.push(resumeAt);
      return Promise.resolve();
    }
    reload() {}
    stop() {}
    destroy() {}
    clock() {
      return fake.clock;
    }
    mediaAt(unix: number) {
      return fake.clock === null ? null : 100 + (unix - fake.clock);
    }
    liveEdge() {
      return null;
    }
    setLevel(l: number) {
      fake.levels.push(l);
    }
    setAudio() {}
    setSubtitles() {}
  },
}));

type FakeMedia = HTMLMediaElement & { _paused?: boolean; _time?: number };

beforeAll(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get(this: FakeMedia) {
      return this._paused ?? true;
    },
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
    configurable: true,
    get(this: FakeMedia) {
      return this._time ?? 0;
    },
    set(this: FakeMedia, v: number) {
      this._time = v;
    },
  });
  HTMLMediaElement.prototype.play = function (this: FakeMedia) {
    this._paused = false;
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  };
  HTMLMediaElement.prototype.pause = function (this: FakeMedia) {
    this._paused = true;
    this.dispatchEvent(new Event('pause'));
  };
  HTMLMediaElement.prototype.load = () => undefined;
});

const i18n = createTestI18n('en');
const NOW = 1_800_000_000;
const live: PlayerSource = { url: 'https://x/live.m3u8', kind: 'live', title: 'Efir 1', programme: { start: NOW - 100, end: NOW + 3, title: 'News' }, statId: 's-1' };

function renderPlayer(props: Partial<PlayerProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <Player source={live} {...props} />
        <input aria-label="search" />
        <AlertHost />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const root = result.container.querySelector<HTMLElement>('[data-player-state]')!;
  const video = result.container.querySelector('video')! as FakeMedia;
  return { ...result, root, video };
}

const flush = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW * 1000 });
  fake.clock = NOW;
  fake.loads = [];
  fake.resumes = [];
  fake.levels = [];
  localStorage.clear();
  alertStore.set(null);
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Player', () => {
  it('loads the source, starts muted and reports its state and clock', async () => {
    const { root, video } = renderPlayer();
    expect(root.dataset.playerState).toBe('loading');
    await flush();
    expect(fake.loads).toEqual([live.url]);
    expect(root.dataset.playerState).toBe('playing');
    expect(video.muted).toBe(true);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(root.dataset.clock).toBe(String(NOW));
  });

  it('refuses pause on live without archive with the warning', async () => {
    const { root, video } = renderPlayer();
    await flush();
    fireEvent.keyDown(window, { key: ' ' });
    expect(video.paused).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain(i18n.t('player.warning_archive_no_pause'));
    expect(root.dataset.playerState).toBe('playing');
  });

  it('pauses with space when the channel has an archive, not while typing', async () => {
    const { root, video } = renderPlayer({ source: { ...live, hasArchive: true } });
    await flush();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'search' }), { key: ' ' });
    expect(video.paused).toBe(false);
    fireEvent.keyDown(window, { key: ' ' });
    expect(video.paused).toBe(true);
    expect(root.dataset.playerState).toBe('paused');
  });

  it('ticks every second: onClock, onProgrammeEnd once, history at 10 s, stat every 30 s', async () => {
    const onClock = vi.fn();
    const onProgrammeEnd = vi.fn();
    const onWatched10s = vi.fn();
    renderPlayer({ onClock, onProgrammeEnd, onWatched10s });
    await flush();
    for (let i = 1; i <= 30; i++) {
      fake.clock = NOW + i;
      await act(async () => vi.advanceTimersByTime(1000));
    }
    expect(onClock).toHaveBeenCalledTimes(30);
    expect(onClock).toHaveBeenLastCalledWith(NOW + 30);
    expect(onProgrammeEnd).toHaveBeenCalledTimes(1);
    expect(onProgrammeEnd).toHaveBeenCalledWith(NOW + 3);
    expect(onWatched10s).toHaveBeenCalledTimes(1);
    const calls = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.map((c) => `${(c[1] as RequestInit).method} ${String(c[0])}`);
    expect(calls).toContain('PATCH /v2/users/self/stat/s-1?duration=30');
  });

  it('skips with the arrows inside the archive and reports a skip before the programme', async () => {
    const onSeekOutside = vi.fn();
    const { video } = renderPlayer({ source: { ...live, hasArchive: true, archiveFrom: NOW - 10_000 }, onSeekOutside });
    await flush();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await act(async () => vi.advanceTimersByTime(500));
    expect(video.currentTime).toBe(80); // media 100 is NOW; 20 s back
    for (let i = 0; i < 12; i++) fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await act(async () => vi.advanceTimersByTime(500));
    expect(onSeekOutside).toHaveBeenCalledWith(NOW - 120);
  });

  it('changes the volume by 5 % with the arrows and remembers it', async () => {
    const { video } = renderPlayer();
    await flush();
    video.volume = 0.5;
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await act(async () => vi.advanceTimersByTime(250));
    fireEvent.keyUp(window, { key: 'ArrowDown' });
    expect(video.volume).toBeCloseTo(0.35);
    expect(localStorage.getItem('volume')).toBe('0.35');
  });

  it('renders zap buttons only when given', async () => {
    const onNext = vi.fn();
    renderPlayer({ onNext });
    await flush();
    expect(screen.queryByRole('button', { name: i18n.t('player.prevChannel') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('player.nextChannel') }));
    expect(onNext).toHaveBeenCalled();
  });

  it('offers the quality menu (4 highest up to 1080 and auto)', async () => {
    renderPlayer();
    await flush();
    act(() =>
      fake.events!.levels(
        [240, 360, 480, 720, 1080, 2160].map((height, index) => ({ index, height, bitrate: height * 1000 })),
        1,
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: i18n.t('player.quality') }));
    const items = screen.getAllByRole('menuitemradio').map((i) => i.textContent);
    expect(items).toEqual(['Auto (360p)', '1080p', '720p', '480p', '360p']);
    fireEvent.click(screen.getByRole('menuitemradio', { name: '720p' }));
    expect(fake.levels).toEqual([3]);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the download error and reports it', async () => {
    const onFatal = vi.fn();
    const { root } = renderPlayer({ onFatal });
    await flush();
    act(() => fake.events!.failure('destroy'));
    expect(root.dataset.playerState).toBe('error');
    expect(screen.getByText(i18n.t('player.error_video_download'))).toBeTruthy();
    expect(onFatal).toHaveBeenCalledWith('download');
  });

  describe('a stream the server stopped (limit of streams at once)', () => {
    const stopped = 'Streams at once allowed by your subscription: 2. This one stopped because another device started watching.';
    const answerStat = (status: number, body: unknown) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          String(url).includes('/stat/')
            ? new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
            : new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
        ),
      );
    /** The player given the stream asked for again (the page's "Watch here"). */
    const playerWith = (source: PlayerSource) => (
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <Player source={source} />
        </I18nextProvider>
      </QueryClientProvider>
    );
    const watch30s = async () => {
      for (let i = 1; i <= 30; i++) {
        fake.clock = NOW + i;
        await act(async () => vi.advanceTimersByTime(1000));
      }
      await flush();
    };

    it("stops playback on 409 stream_stopped and shows the server's message with Watch here", async () => {
      answerStat(409, { error: { type: 'stream_stopped', message: stopped } });
      const onWatchHere = vi.fn();
      const { root, video } = renderPlayer({ onWatchHere });
      await flush();
      expect(root.dataset.playerState).toBe('playing');
      await watch30s();
      const pane = screen.getByRole('alert');
      expect(pane.textContent).toContain(stopped);
      expect(root.dataset.playerState).toBe('paused');
      expect(video.paused).toBe(true);
      // Play does not resume it: only a new stream plays again.
      fireEvent.keyDown(window, { key: ' ' });
      expect(video.paused).toBe(true);
      // No more reports for the stopped stream.
      const reports = () => (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.filter((c) => String(c[0]).includes('/stat/')).length;
      const before = reports();
      await watch30s();
      expect(reports()).toBe(before);

      fireEvent.click(screen.getByRole('button', { name: i18n.t('player.watchHere') }));
      expect(onWatchHere).toHaveBeenCalledTimes(1);
    });

    it('plays the stream asked for again, even at the same address', async () => {
      answerStat(409, { error: { type: 'stream_stopped', message: stopped } });
      const { root, rerender } = renderPlayer();
      await flush();
      await watch30s();
      expect(screen.getByRole('alert').textContent).toContain(stopped);

      answerStat(204, null);
      rerender(playerWith({ ...live, statId: 's-2' }));
      await flush();
      expect(fake.loads).toEqual([live.url, live.url]);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(root.dataset.playerState).toBe('playing');
    });

    it('goes on with a film where it stopped', async () => {
      answerStat(409, { error: { type: 'stream_stopped', message: stopped } });
      const film: PlayerSource = { url: 'https://x/film.m3u8', kind: 'vod', contentKey: 'content:7', statId: 'v-1' };
      const { video, rerender } = renderPlayer({ source: film });
      await flush();
      video.currentTime = 1234;
      await watch30s();
      expect(screen.getByRole('alert').textContent).toContain(stopped);
      answerStat(204, null);
      rerender(playerWith({ ...film, statId: 'v-2' }));
      await flush();
      expect(fake.resumes).toEqual([undefined, 1234]);
    });

    it('says why in its own words when the server sent no text', async () => {
      answerStat(409, { error: { type: 'stream_stopped', message: '' } });
      renderPlayer();
      await flush();
      await watch30s();
      expect(screen.getByRole('alert').textContent).toContain(i18n.t('player.streamStopped'));
    });

    it('plays on after other failures of a report', async () => {
      answerStat(429, { error: { type: 'rate_limited', message: 'Too many' } });
      const { root } = renderPlayer();
      await flush();
      await watch30s();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(root.dataset.playerState).toBe('playing');
    });
  });

  it('plays previews muted, without controls or stat', async () => {
    const { container } = renderPlayer({ mode: 'preview' });
    await flush();
    expect(container.querySelector('video')!.muted).toBe(true);
    expect(screen.queryByRole('button', { name: i18n.t('player.mute') })).toBeNull();
    for (let i = 0; i < 31; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/stat/'), expect.anything());
  });
});
