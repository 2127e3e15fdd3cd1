import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { trackEvent } from '@/shared/analytics';
import { useConfiguration, useCurrentUser } from '@/shared/api';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { Controls } from './Controls';
import { Icon } from './icons';
import { useMediaSession } from './mediaSession';
import { PLAYER } from './rules/constants';
import { canControlTime, isChannel, SkipAccumulator, tapZone } from './rules/seek';
import type { PlayerProps } from './types';
import { useControlsVisibility } from './useControlsVisibility';
import { useKeys } from './useKeys';
import { usePlayback } from './usePlayback';
import styles from './Player.module.css';
import { nativePictureInPicture } from '@/shared/lib/runMode';

const NO_LANGUAGES: string[] = [];
const DOUBLE_TAP_MS = 300;

type FullscreenDoc = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => void };
type FullscreenEl = HTMLElement & { webkitRequestFullscreen?: () => void };
type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** The video player of channels, archive, films and trailers (see types.ts for the contract). */
export function Player(props: PlayerProps) {
  const { t } = useTranslation();
  const { source, mode = 'full', className } = props;
  const full = mode === 'full';
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const isPhone = useIsPhone();
  const settings = useCurrentUser().data?.settings;
  const mattress = useConfiguration().catchup_blackout_mattress_url;
  const { state, range, actions } = usePlayback(videoRef, props, {
    audioLanguages: settings?.audio_languages ?? NO_LANGUAGES,
    textLanguages: settings?.text_languages ?? NO_LANGUAGES,
    isPhone,
  });

  const [menu, setMenu] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [skipShown, setSkipShown] = useState<number | null>(null);
  const paused = state.phase === 'paused' || state.phase === 'error';
  const controls = useControlsVisibility(menu !== null || dragging || paused);

  const skipper = useRef<SkipAccumulator | null>(null);
  const skipRef = useRef(actions.skip);
  skipRef.current = actions.skip;
  // Pending skips belong to the source they were pressed on.
  useEffect(() => {
    skipper.current = new SkipAccumulator((delta) => {
      setSkipShown(null);
      skipRef.current(delta);
    });
    return () => skipper.current?.cancel();
  }, [source?.url]);

  const timeControls = source ? canControlTime(source.kind, Boolean(source.hasArchive)) : false;
  const queueSkip = useCallback(
    (delta: number) => {
      if (!timeControls) return;
      setSkipShown(skipper.current?.add(delta) ?? null);
    },
    [timeControls],
  );

  const toggleFullscreen = useCallback(() => {
    trackEvent('toggle_fullscreen');
    const doc = document as FullscreenDoc;
    const root = rootRef.current as FullscreenEl | null;
    if (doc.fullscreenElement || doc.webkitFullscreenElement) {
      void (doc.exitFullscreen?.() ?? doc.webkitExitFullscreen?.());
      return;
    }
    if (root?.requestFullscreen) void root.requestFullscreen().catch(() => undefined);
    else if (root?.webkitRequestFullscreen) root.webkitRequestFullscreen();
    else (videoRef.current as IosVideo | null)?.webkitEnterFullscreen?.(); // iPhone Safari
  }, []);

  useEffect(() => {
    const onChange = () => {
      const doc = document as FullscreenDoc;
      const el = doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
      setFullscreen(el !== null && el === rootRef.current);
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
    };
  }, []);

  const togglePip = useCallback(() => {
    // Spec: an Android app's webview enters picture-in-picture through the app's own function.
    const native = nativePictureInPicture();
    if (native) return native();
    const v = videoRef.current;
    if (!v) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void v.requestPictureInPicture?.().catch(() => undefined);
  }, []);

  useKeys(
    full && source !== null,
    {
      togglePlay: actions.togglePlay,
      toggleFullscreen,
      skip: queueSkip,
      volumeBy: (d) => {
        const v = videoRef.current;
        if (v) actions.setVolume((v.muted ? 0 : v.volume) + d);
      },
      activity: controls.show,
    },
    rootRef,
  );

  useMediaSession(source, full, timeControls, {
    play: actions.play,
    pause: () => {
      if (!videoRef.current?.paused) actions.togglePlay();
    },
    skip: (d) => actions.skip(d),
    seekTo: (media) => {
      const v = videoRef.current;
      if (!v || !source) return;
      if (isChannel(source.kind)) actions.skip(media - v.currentTime);
      else actions.seekTo(media);
    },
  });

  // Touch: one tap shows/hides the controls, a double tap on the outer fifths seeks.
  const lastTap = useRef<{ at: number; zone: string } | null>(null);
  function onSurfacePointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    if (e.pointerType === 'mouse') {
      if (full && e.button === 0) actions.togglePlay();
      return;
    }
    const rect = e.currentTarget.getBoundingClientRect();
    const zone = tapZone(e.clientX - rect.left, rect.width);
    const now = e.timeStamp;
    const prev = lastTap.current;
    if (prev && now - prev.at < DOUBLE_TAP_MS && prev.zone === zone && zone !== 'middle') {
      queueSkip(zone === 'back' ? -PLAYER.skipStep : PLAYER.skipStep);
      lastTap.current = { at: now, zone };
      return;
    }
    lastTap.current = { at: now, zone };
    if (controls.visible && prev && now - prev.at > DOUBLE_TAP_MS) controls.hide();
    else controls.show();
  }

  const clock = state.clock !== null ? String(Math.floor(state.clock)) : undefined;
  const busy = source !== null && state.phase !== 'error' && (state.phase === 'loading' || state.waiting);
  const showControls = full && source !== null && controls.visible;

  return (
    <div
      ref={rootRef}
      className={[styles.root, full ? '' : styles.preview, showControls ? '' : styles.controlsOff, fullscreen ? styles.isFullscreen : '', className ?? ''].filter(Boolean).join(' ')}
      data-player-state={source ? state.phase : 'loading'}
      data-clock={clock}
      data-waiting={state.waiting || undefined}
      role={full ? 'region' : undefined}
      aria-label={full ? (source?.title ? `${t('player.label')}: ${source.title}` : t('player.label')) : undefined}
      aria-hidden={full ? undefined : true}
      onPointerMove={full ? (e) => e.pointerType === 'mouse' && controls.show() : undefined}
      onPointerLeave={full ? (e) => e.pointerType === 'mouse' && !dragging && menu === null && controls.hide() : undefined}
      onFocus={full ? controls.show : undefined}
    >
      <video ref={videoRef} className={styles.video} playsInline muted poster={source?.poster} preload="auto" />
      {state.blackout && mattress && <img className={styles.blackout} src={mattress} alt={t('player.blackout')} />}
      {state.blackout && !mattress && (
        <div className={styles.blackoutText} role="status">
          {t('player.blackout')}
        </div>
      )}
      {full && <div className={styles.surface} onPointerUp={onSurfacePointerUp} aria-hidden="true" />}
      {busy && (
        <div className={styles.spinner} role={full ? 'status' : undefined}>
          <span className={styles.spinnerRing} aria-hidden="true" />
          {full && <span className="visually-hidden">{t('player.loading')}</span>}
        </div>
      )}
      {skipShown !== null && skipShown !== 0 && (
        <div className={`${styles.skipFlash} ${skipShown < 0 ? styles.skipBack : styles.skipForward}`} aria-live="polite">
          {t('player.skipBy', { value: skipShown > 0 ? `+${skipShown}` : `\u2212${-skipShown}` })}
        </div>
      )}
      {full && state.fatal && (
        <div className={styles.errorPane} role="alert">
          <p>{t(state.fatal === 'codec' ? 'player.error_video_codec' : 'player.error_video_download')}</p>
          <button type="button" className={styles.retry} onClick={actions.retry}>
            <Icon name="retry" size={20} />
            {t('player.retry')}
          </button>
        </div>
      )}
      {full && state.stopped !== null && (
        <div className={styles.errorPane} role="alert" data-stream-stopped="">
          <p>{state.stopped}</p>
          <button type="button" className={styles.retry} onClick={actions.watchHere}>
            <Icon name="play" size={20} />
            {t('player.watchHere')}
          </button>
        </div>
      )}
      {full && source && !state.fatal && state.showPlayButton && (
        <button type="button" className={styles.bigPlay} onClick={actions.play} aria-label={t('player.play')}>
          <Icon name="play" size={40} />
        </button>
      )}
      {full && source && state.muted && !state.fatal && state.phase === 'playing' && (
        <button type="button" className={styles.unmuteHint} onClick={actions.toggleMute}>
          <Icon name="muted" size={18} />
          {t('player.unmuteHint')}
        </button>
      )}
      {full && source && (
        <Controls
          source={source}
          state={state}
          range={range}
          actions={actions}
          hidden={!showControls}
          menu={menu}
          setMenu={setMenu}
          setDragging={setDragging}
          fullscreen={fullscreen}
          toggleFullscreen={toggleFullscreen}
          togglePip={togglePip}
          queueSkip={queueSkip}
          onPrev={props.onPrev}
          onNext={props.onNext}
          hasLive={Boolean(props.onLive)}
        />
      )}
    </div>
  );
}
