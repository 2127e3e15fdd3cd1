import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { analytics, EVTP_ARCHIVE, EVTP_LIVE, isUpdateMark, pingCounter, trackEvent, WATCH_5MIN_SECONDS } from '@/shared/analytics';
import { apiFetch } from '@/shared/api';
import { showAlert } from '@/shared/ui';
import { Engine } from './engine';
import { blackoutAt } from './rules/blackout';
import { atLiveEdge, programmeEnded } from './rules/clock';
import { PLAYER } from './rules/constants';
import { onVideoError } from './rules/errors';
import { playbackError, playbackObject } from './rules/metrics';
import { readMuted, readTrackMemory, readVolume, rememberTrack, writeMuted, writeVolume } from './rules/prefs';
import { streamStoppedMessage } from './rules/streamStop';
import { canControlTime, clampVolume, decideSeek, isChannel, scrubRange, type Bounds, type SeekContext } from './rules/seek';
import { chooseAudio, chooseSubtitles, choiceOf, dedupeByName, qualityOptions, SUBTITLES_OFF, type QualityOption, type TrackInfo } from './rules/tracks';
import { initialWatch, isNearEnd, tickWatched } from './rules/watch';
import type { FatalKind, PlayerProps, PlayerSource } from './types';

// The player's state machine over the <video> element and the engine: phases, muted start,
// stored volume, the live tick (clock, programme end, blackout), stat and history cadence,
// error retries, tracks chosen per the viewer's languages, and the actions the controls call.

export type Phase = 'loading' | 'playing' | 'paused' | 'error';

export interface PlaybackState {
  phase: Phase;
  waiting: boolean;
  showPlayButton: boolean;
  muted: boolean;
  volume: number;
  /** Unix seconds being played (channels), from EXT-X-PROGRAM-DATE-TIME. */
  clock: number | null;
  position: number;
  duration: number;
  fatal: FatalKind | null;
  levels: QualityOption[];
  level: number; // -1 auto
  currentHeight: number | null;
  audio: TrackInfo[];
  audioId: number;
  text: TrackInfo[];
  textId: number;
  speed: number;
  blackout: boolean;
  pip: boolean;
  /** The server stopped the stream (limit of streams at once): its message for the viewer. */
  stopped: string | null;
}

const initialState = (muted: boolean, volume: number): PlaybackState => ({
  phase: 'loading',
  waiting: false,
  showPlayButton: false,
  muted,
  volume,
  clock: null,
  position: 0,
  duration: 0,
  fatal: null,
  levels: [],
  level: -1,
  currentHeight: null,
  audio: [],
  audioId: -1,
  text: [],
  textId: -1,
  speed: 1,
  blackout: false,
  pip: false,
  stopped: null,
});

/** Whether the viewer has interacted with the page: until then playback starts muted. */
let interacted = typeof navigator !== 'undefined' && Boolean((navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive);

// The stat id is part of it: a stream asked for again after a stop may keep its URL.
const sourceKey = (s: PlayerSource | null) => (s ? `${s.kind}|${s.url}|${s.statId ?? ''}|${s.startAt ?? ''}|${s.startPosition ?? ''}` : '');

export interface PlaybackOptions {
  /** The viewer's audio and subtitle languages (settings), in order of preference. */
  audioLanguages: readonly string[];
  textLanguages: readonly string[];
  /** Phones pause when the tab is hidden. */
  isPhone: boolean;
}

export function usePlayback(videoRef: RefObject<HTMLVideoElement | null>, props: PlayerProps, opts: PlaybackOptions) {
  const { t } = useTranslation();
  const preview = props.mode === 'preview';
  const [state, setState] = useState(() => initialState(true, readVolume()));
  const patch = useCallback((p: Partial<PlaybackState>) => setState((s) => ({ ...s, ...p })), []);

  const propsRef = useRef(props);
  propsRef.current = props;
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const engineRef = useRef<Engine | null>(null);
  const source = props.source;
  const key = sourceKey(source);

  // Per-source bookkeeping (reset on every new source).
  const run = useRef({
    watch: initialWatch(),
    reportedEnd: null as number | null,
    nearEnd: false,
    videoRetries: 0,
    autoMuted: false,
    pausedAt: null as number | null,
    waiting: false,
    stopped: false,
    /** Where a film stopped by the server was: the stream asked for again goes on from there. */
    stoppedAt: null as { contentKey?: string; at: number } | null,
    /** The playback start was reported (metrics, once per source). */
    started: false,
  });

  const fail = useCallback(
    (kind: FatalKind) => {
      const src = propsRef.current.source;
      const obj = preview ? null : playbackObject(src);
      if (obj && src) analytics.track(playbackError(obj, src, kind, videoRef.current?.error?.code ?? 0, videoRef.current?.currentTime ?? 0));
      videoRef.current?.pause();
      patch({ fatal: kind, phase: 'error', waiting: false });
      propsRef.current.onFatal?.(kind);
    },
    [patch, preview, videoRef],
  );

  /** The server stopped the stream: stop loading and say why; only a new stream plays again. */
  const stopStream = useCallback(
    (message: string) => {
      const v = videoRef.current;
      const src = propsRef.current.source;
      run.current.stopped = true;
      if (v && src?.kind === 'vod') run.current.stoppedAt = { contentKey: src.contentKey, at: v.currentTime };
      v?.pause();
      engineRef.current?.stop();
      patch({ stopped: message || t('player.streamStopped'), phase: 'paused', waiting: false, showPlayButton: false });
    },
    [patch, t, videoRef],
  );

  /** play() with the autoplay fallbacks: muted if sound is refused, else the big play button. */
  const tryPlay = useCallback(async () => {
    const v = videoRef.current;
    if (!v || run.current.stopped) return;
    try {
      await v.play();
      patch({ showPlayButton: false });
    } catch (e) {
      if ((e as Error).name !== 'NotAllowedError') return; // AbortError: a newer load took over
      if (!v.muted) {
        v.muted = true;
        run.current.autoMuted = true;
        try {
          await v.play();
          patch({ showPlayButton: false });
          return;
        } catch {
          // fall through
        }
      }
      patch({ showPlayButton: true, phase: 'paused' });
    }
  }, [patch, videoRef]);

  /** The first 'playing' of a source: the playback start, and the counter's image (fts, evtp). */
  const reportStart = useCallback(() => {
    const src = propsRef.current.source;
    const obj = preview ? null : playbackObject(src);
    if (!src || run.current.started || preview) return;
    run.current.started = true;
    const v = videoRef.current;
    if (obj) analytics.track({ type: 'playback_start', ...obj, position: Math.floor(v?.currentTime ?? 0) });
    if (isChannel(src.kind)) {
      const at = engineRef.current?.clock() ?? src.startAt ?? Date.now() / 1000;
      pingCounter(at, src.kind === 'live' ? EVTP_LIVE : EVTP_ARCHIVE);
    }
  }, [preview, videoRef]);

  const onVideoFailure = useCallback(() => {
    const v = videoRef.current;
    const engine = engineRef.current;
    const src = propsRef.current.source;
    if (!v || !engine || !src) return;
    const step = onVideoError(run.current.videoRetries, v.currentTime || 0);
    run.current.videoRetries = step.retries;
    if (step.failed || step.seekTo === null) {
      fail('download');
      return;
    }
    engine.reload(src.kind === 'live' ? undefined : step.seekTo);
    void tryPlay();
  }, [fail, tryPlay, videoRef]);

  // The engine lives as long as the video element.
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const engine = new Engine(v, {
      levels(levels, current, auto) {
        const opts = qualityOptions(levels);
        patch({ levels: opts, level: auto ? -1 : current, currentHeight: levels[current]?.height ?? null });
      },
      pickTracks(audio, text) {
        const memory = readTrackMemory(propsRef.current.source?.contentKey);
        return {
          audio: chooseAudio(dedupeByName(audio), memory.audio ?? null, optsRef.current.audioLanguages),
          text: chooseSubtitles(text, memory.text ?? null, optsRef.current.textLanguages),
        };
      },
      audioTracks(tracks, current) {
        patch({ audio: dedupeByName(tracks), audioId: current });
      },
      subtitleTracks(tracks, current) {
        patch({ text: tracks, textId: current });
      },
      failure(action) {
        if (action === 'codecError') fail('codec');
        else if (action === 'destroy') fail('download');
        else onVideoFailure();
      },
    });
    engineRef.current = engine;
    return () => {
      engine.destroy();
      engineRef.current = null;
    };
  }, [fail, onVideoFailure, patch, videoRef]);

  // A new source: reset, load (the engine reuses hls.js), start playing.
  useEffect(() => {
    const v = videoRef.current;
    const engine = engineRef.current;
    if (!v || !engine) return;
    const stoppedAt = run.current.stoppedAt;
    run.current = { ...run.current, watch: initialWatch(), reportedEnd: null, nearEnd: false, videoRetries: 0, pausedAt: null, waiting: false, stopped: false, stoppedAt: null, started: false };
    const src = propsRef.current.source;
    if (!src) {
      engine.stop();
      setState((s) => ({ ...initialState(s.muted, s.volume) }));
      return;
    }
    const muted = preview || readMuted() || !interacted;
    run.current.autoMuted = !preview && !readMuted() && !interacted;
    v.muted = muted;
    v.volume = readVolume();
    v.playbackRate = 1;
    setState((s) => ({ ...initialState(muted, v.volume), pip: s.pip }));
    const resumeAt = src.kind === 'vod' && stoppedAt?.contentKey === src.contentKey ? stoppedAt?.at : undefined;
    void engine.load(src, resumeAt).then(() => tryPlay());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, preview]);

  // Video element events -> state.
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const on = (type: string, fn: () => void) => {
      v.addEventListener(type, fn);
      return () => v.removeEventListener(type, fn);
    };
    const offs = [
      on('playing', () => {
        run.current.waiting = false;
        reportStart();
        patch({ phase: 'playing', waiting: false, showPlayButton: false });
      }),
      on('pause', () => {
        run.current.pausedAt = engineRef.current?.clock() ?? null;
        setState((s) => (s.phase === 'error' || s.phase === 'loading' ? s : { ...s, phase: 'paused' }));
      }),
      on('waiting', () => {
        run.current.waiting = true;
        patch({ waiting: true });
      }),
      on('canplay', () => {
        run.current.waiting = false;
        patch({ waiting: false });
      }),
      on('seeked', () => patch({ position: v.currentTime })),
      on('timeupdate', () => {
        const src = propsRef.current.source;
        patch({ position: v.currentTime, duration: v.duration });
        if (src?.kind === 'vod' && !run.current.nearEnd && isNearEnd(v.currentTime, v.duration)) {
          run.current.nearEnd = true;
          propsRef.current.onNearEnd?.();
        }
      }),
      on('durationchange', () => patch({ duration: v.duration })),
      on('volumechange', () => patch({ muted: v.muted, volume: v.volume })),
      on('ratechange', () => patch({ speed: v.playbackRate })),
      on('ended', () => {
        patch({ phase: 'paused' });
        propsRef.current.onEnded?.();
      }),
      on('error', () => {
        if (v.error && propsRef.current.source) onVideoFailure();
      }),
      on('enterpictureinpicture', () => patch({ pip: true })),
      on('leavepictureinpicture', () => patch({ pip: false })),
    ];
    return () => offs.forEach((off) => off());
  }, [onVideoFailure, patch, reportStart, videoRef]);

  // The first interaction anywhere lifts the muted start (unless the viewer muted it).
  useEffect(() => {
    if (preview) return;
    const lift = () => {
      interacted = true;
      const v = videoRef.current;
      if (v && run.current.autoMuted && !readMuted()) {
        v.muted = false;
        run.current.autoMuted = false;
      }
    };
    document.addEventListener('pointerdown', lift, { capture: true });
    document.addEventListener('keydown', lift, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', lift, { capture: true });
      document.removeEventListener('keydown', lift, { capture: true });
    };
  }, [preview, videoRef]);

  // The live tick: every second the clock, programme end, blackout, stat and history.
  const hasSource = source !== null;
  useEffect(() => {
    if (!hasSource) return;
    const id = setInterval(() => {
      const v = videoRef.current;
      const engine = engineRef.current;
      const p = propsRef.current;
      const src = p.source;
      if (!v || !engine || !src) return;
      const r = run.current;
      const clock = isChannel(src.kind) ? engine.clock() : null;
      const now = Date.now() / 1000;
      const live = src.kind === 'live' && clock !== null && atLiveEdge(clock, now, PLAYER.liveEdgeSeconds);
      const blackout = blackoutAt(src.blackouts, clock, live) !== null;
      setState((s) => (s.clock === clock && s.blackout === blackout ? s : { ...s, clock, blackout }));
      if (clock !== null) {
        p.onClock?.(clock);
        if (programmeEnded(clock, src.programme, r.reportedEnd)) {
          r.reportedEnd = src.programme!.end;
          p.onProgrammeEnd?.(clock);
        }
      }
      if (preview || v.paused || r.waiting) return;
      const tick = tickWatched(r.watch);
      r.watch = tick.state;
      if (tick.history) p.onWatched10s?.();
      const obj = playbackObject(src);
      if (obj && isUpdateMark(tick.state.watched)) analytics.track({ type: 'playback_update', ...obj, seconds: tick.state.watched });
      if (obj && tick.state.watched === WATCH_5MIN_SECONDS) analytics.track({ type: 'watch_5min', ...obj });
      if (tick.stat && src.statId) {
        const statId = src.statId;
        void apiFetch(`/users/self/stat/${encodeURIComponent(statId)}`, { method: 'PATCH', query: { duration: PLAYER.statEverySeconds } }).catch((e: unknown) => {
          const message = streamStoppedMessage(e);
          // An answer about a stream already replaced (zapping) is old news.
          if (message !== null && propsRef.current.source?.statId === statId) stopStream(message);
        });
      }
    }, 1000);
    return () => clearInterval(id);
    // The source is read through propsRef: a parent re-creating its object must not reset the tick.
  }, [key, preview, hasSource, videoRef, stopStream]);

  // Phones pause when the tab is hidden.
  useEffect(() => {
    if (!opts.isPhone) return;
    const onVis = () => {
      if (document.visibilityState === 'hidden') videoRef.current?.pause();
    };
    document.addEventListener('visibilitychange', onVis);
    return () => document.removeEventListener('visibilitychange', onVis);
  }, [opts.isPhone, videoRef]);

  const seekContext = useCallback((): SeekContext | null => {
    const src = propsRef.current.source;
    const v = videoRef.current;
    if (!src || !v) return null;
    return {
      kind: src.kind,
      hasArchive: Boolean(src.hasArchive),
      now: Date.now() / 1000,
      programme: src.programme,
      archiveFrom: src.archiveFrom,
      duration: v.duration,
    };
  }, [videoRef]);

  /** Seeks to `target` (unix s on channels, media s on vod); false when refused. */
  const seekTo = useCallback(
    (target: number): boolean => {
      const ctx = seekContext();
      const v = videoRef.current;
      const engine = engineRef.current;
      if (!ctx || !v || !engine) return false;
      const d = decideSeek(ctx, target);
      if (d.type === 'ignore') return false;
      if (d.type === 'outside') {
        propsRef.current.onSeekOutside?.(d.to);
        return true;
      }
      if (!isChannel(ctx.kind)) {
        v.currentTime = d.to;
        return true;
      }
      const media = engine.mediaAt(d.to);
      if (media === null) propsRef.current.onSeekOutside?.(d.to);
      else {
        v.currentTime = media;
        if (!preview) pingCounter(d.to, EVTP_ARCHIVE); // a scrub counts as archive
      }
      return true;
    },
    [preview, seekContext, videoRef],
  );

  const position = useCallback((): number | null => {
    const src = propsRef.current.source;
    const v = videoRef.current;
    if (!src || !v) return null;
    return isChannel(src.kind) ? engineRef.current?.clock() ?? null : v.currentTime;
  }, [videoRef]);

  const skip = useCallback(
    (delta: number) => {
      const at = position();
      return at === null ? false : seekTo(at + delta);
    },
    [position, seekTo],
  );

  const play = useCallback(() => {
    const r = run.current;
    const src = propsRef.current.source;
    // Resuming a live channel after a long pause: the paused moment has left the live window.
    if (src?.kind === 'live' && src.hasArchive && r.pausedAt !== null && engineRef.current?.mediaAt(r.pausedAt) === null) {
      const at = r.pausedAt;
      r.pausedAt = null;
      propsRef.current.onSeekOutside?.(at);
      return;
    }
    void tryPlay();
  }, [tryPlay]);

  const togglePlay = useCallback(() => {
    const v = videoRef.current;
    const src = propsRef.current.source;
    if (!v || !src) return;
    if (v.paused || v.ended) {
      trackEvent('play');
      play();
      return;
    }
    if (!canControlTime(src.kind, Boolean(src.hasArchive))) {
      showAlert(t('player.warning_archive_no_pause'), { kind: 'warning' });
      return;
    }
    v.pause();
  }, [play, t, videoRef]);

  const setVolume = useCallback(
    (value: number) => {
      const v = videoRef.current;
      if (!v) return;
      const vol = clampVolume(value);
      v.volume = vol;
      v.muted = vol === 0;
      run.current.autoMuted = false;
      writeVolume(vol);
      writeMuted(v.muted);
    },
    [videoRef],
  );

  const toggleMute = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    const muted = !v.muted;
    v.muted = muted;
    if (!muted && v.volume === 0) v.volume = PLAYER.defaultVolume;
    run.current.autoMuted = false;
    writeMuted(muted);
  }, [videoRef]);

  const setLevel = useCallback(
    (level: number) => {
      engineRef.current?.setLevel(level);
      patch({ level });
    },
    [patch],
  );

  const setAudio = useCallback(
    (id: number) => {
      engineRef.current?.setAudio(id);
      const track = state.audio.find((a) => a.id === id);
      if (track) rememberTrack(propsRef.current.source?.contentKey, 'audio', choiceOf(track));
      patch({ audioId: id });
    },
    [patch, state.audio],
  );

  const setSubtitles = useCallback(
    (id: number) => {
      engineRef.current?.setSubtitles(id);
      const track = state.text.find((a) => a.id === id);
      rememberTrack(propsRef.current.source?.contentKey, 'text', track ? choiceOf(track) : SUBTITLES_OFF);
      patch({ textId: id });
    },
    [patch, state.text],
  );

  const setSpeed = useCallback(
    (speed: number) => {
      const v = videoRef.current;
      if (v) v.playbackRate = speed;
    },
    [videoRef],
  );

  /** Back to live: inside the live window seek to its edge, else the page loads live. */
  const goLive = useCallback(() => {
    const src = propsRef.current.source;
    const v = videoRef.current;
    const edge = engineRef.current?.liveEdge();
    if (src?.kind === 'live' && v && edge !== null && edge !== undefined) {
      v.currentTime = edge;
      void tryPlay();
      return;
    }
    propsRef.current.onLive?.();
  }, [tryPlay, videoRef]);

  /** "Watch here" after a stop: the page asks for the stream again (or reloads without a way to). */
  const watchHere = useCallback(() => {
    const again = propsRef.current.onWatchHere;
    if (again) again();
    else window.location.reload();
  }, []);

  const retry = useCallback(() => {
    run.current.videoRetries = 0;
    patch({ fatal: null, phase: 'loading' });
    engineRef.current?.reload();
    void tryPlay();
  }, [patch, tryPlay]);

  const range: Bounds | null = useMemo(() => {
    if (!source) return null;
    return scrubRange({ kind: source.kind, hasArchive: Boolean(source.hasArchive), now: state.clock ?? Date.now() / 1000, programme: source.programme, archiveFrom: source.archiveFrom, duration: state.duration });
  }, [source, state.clock, state.duration]);

  return {
    state,
    range,
    actions: { togglePlay, play, seekTo, skip, position, setVolume, toggleMute, setLevel, setAudio, setSubtitles, setSpeed, goLive, retry, watchHere },
  };
}

export type PlaybackActions = ReturnType<typeof usePlayback>['actions'];
