import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDuration } from './format';
import { Icon } from './icons';
import { MenuButton } from './MenuButton';
import { PLAYER } from './rules/constants';
import { canControlTime, isChannel, type Bounds } from './rules/seek';
import { ScrubBar } from './ScrubBar';
import { cueAt, hoverBoxWidth, previewsFor } from './thumbnails';
import { useThumbnails } from './useThumbnails';
import type { PlayerSource } from './types';
import type { PlaybackActions, PlaybackState } from './usePlayback';
import styles from './Player.module.css';
import { nativePictureInPicture } from '@/shared/lib/runMode';
import { useIsPhone } from '@/shared/lib/useMediaQuery';

// The control bar: title on top, scrub bar, and the buttons (zap, play/pause, skip, volume,
// live, menus, picture-in-picture, fullscreen). Time controls appear only where allowed.

interface Props {
  source: PlayerSource;
  state: PlaybackState;
  range: Bounds | null;
  actions: PlaybackActions;
  hidden: boolean;
  menu: string | null;
  setMenu(menu: string | null): void;
  setDragging(dragging: boolean): void;
  fullscreen: boolean;
  toggleFullscreen(): void;
  togglePip(): void;
  queueSkip(delta: number): void;
  onPrev?(): void;
  onNext?(): void;
  hasLive: boolean;
}

export function Controls({ source, state, range, actions, hidden, menu, setMenu, setDragging, fullscreen, toggleFullscreen, togglePip, queueSkip, onPrev, onNext, hasLive }: Props) {
  const { t, i18n } = useTranslation();
  const channel = isChannel(source.kind);
  const timeControls = canControlTime(source.kind, Boolean(source.hasArchive));
  const playing = state.phase === 'playing' || (state.phase === 'loading' && !state.showPlayButton);
  const now = Date.now() / 1000;
  const atLive = source.kind === 'live' && (state.clock === null || now - state.clock <= PLAYER.liveEdgeSeconds);
  const menuProps = (name: string) => ({ open: menu === name, onOpenChange: (o: boolean) => setMenu(o ? name : null) });

  const value = channel ? (state.clock ?? range?.start ?? 0) : state.position;
  const format = channel ? (v: number) => formatClock(v, i18n.language) : formatDuration;
  const limit = range ? (channel ? Math.min(range.end, now) : range.end) : 0;
  const volumePct = Math.round((state.muted ? 0 : state.volume) * 100);
  const auto = state.currentHeight ? t('player.qualityAutoWith', { height: state.currentHeight }) : t('player.qualityAuto');
  const pipSupported = nativePictureInPicture() !== null || (typeof document !== 'undefined' && document.pictureInPictureEnabled === true);
  const phone = useIsPhone();
  const [thumbsWanted, setThumbsWanted] = useState(false);
  const thumbs = source.thumbnails;
  const cues = useThumbnails(thumbs?.url, thumbsWanted && Boolean(range && previewsFor(range.end - range.start)));
  const preview =
    thumbs && range && previewsFor(range.end - range.start)
      ? { at: (v: number) => (cues ? cueAt(cues, v - thumbs.offset) : null), width: hoverBoxWidth(fullscreen, phone), onWanted: () => setThumbsWanted(true) }
      : undefined;

  return (
    <div className={`${styles.chrome} ${hidden ? styles.chromeHidden : ''}`} onPointerUp={(e) => e.stopPropagation()}>
      {(source.title || source.programme?.title) && (
        <div className={styles.top}>
          <div className={styles.title}>{source.title ?? source.programme?.title}</div>
          {source.subtitle && <div className={styles.subtitle}>{source.subtitle}</div>}
        </div>
      )}
      <div className={styles.bottom}>
        {timeControls && range && (
          <ScrubBar start={range.start} end={range.end} value={value} limit={limit} format={format} onSeek={(v) => actions.seekTo(v)} onDraggingChange={setDragging} preview={preview} />
        )}
        <div className={styles.bar}>
          <div className={styles.group}>
            {onPrev && (
              <button type="button" className={styles.control} onClick={onPrev} aria-label={t('player.prevChannel')} title={t('player.prevChannel')}>
                <Icon name="prev" />
              </button>
            )}
            <button type="button" className={`${styles.control} ${styles.primary}`} onClick={actions.togglePlay} aria-label={playing ? t('player.pause') : t('player.play')} title={playing ? t('player.pause') : t('player.play')}>
              <Icon name={playing ? 'pause' : 'play'} size={28} />
            </button>
            {onNext && (
              <button type="button" className={styles.control} onClick={onNext} aria-label={t('player.nextChannel')} title={t('player.nextChannel')}>
                <Icon name="next" />
              </button>
            )}
            {timeControls && (
              <>
                <button type="button" className={`${styles.control} ${styles.wideOnly}`} onClick={() => queueSkip(-PLAYER.skipStep)} aria-label={t('player.skipBack')} title={t('player.skipBack')}>
                  <Icon name="back" />
                </button>
                <button type="button" className={`${styles.control} ${styles.wideOnly}`} onClick={() => queueSkip(PLAYER.skipStep)} aria-label={t('player.skipForward')} title={t('player.skipForward')}>
                  <Icon name="forward" />
                </button>
              </>
            )}
            <div className={styles.volume}>
              <button type="button" className={styles.control} onClick={actions.toggleMute} aria-label={state.muted ? t('player.unmute') : t('player.mute')} title={state.muted ? t('player.unmute') : t('player.mute')}>
                <Icon name={state.muted || state.volume === 0 ? 'muted' : 'volume'} />
              </button>
              <input
                type="range"
                className={styles.volumeSlider}
                min={0}
                max={100}
                step={5}
                value={volumePct}
                aria-label={t('player.volume')}
                aria-valuetext={t('player.volumeValue', { value: volumePct })}
                onChange={(e) => actions.setVolume(Number(e.target.value) / 100)}
                style={{ '--fill': `${volumePct}%` } as React.CSSProperties}
              />
            </div>
            {channel ? (
              <>
                {source.kind === 'live' && atLive ? (
                  <span className={styles.liveBadge}>
                    <span className={styles.liveDot} aria-hidden="true" />
                    <span className={styles.liveText}>{t('player.live')}</span>
                  </span>
                ) : (
                  (hasLive || source.kind === 'live') && (
                    <button type="button" className={styles.goLive} onClick={actions.goLive}>
                      <span className={styles.liveDotOff} aria-hidden="true" />
                      <span className={styles.liveText}>{t('player.goLive')}</span>
                    </button>
                  )
                )}
                {state.clock !== null && <span className={styles.time}>{formatClock(state.clock, i18n.language)}</span>}
              </>
            ) : (
              <span className={styles.time}>
                {formatDuration(state.position)} / {formatDuration(state.duration)}
              </span>
            )}
          </div>
          <div className={styles.group}>
            {state.text.length > 0 && (
              <MenuButton
                icon="subtitles"
                label={t('player.subtitles')}
                items={[{ value: -1, label: t('player.subtitlesOff') }, ...state.text.map((s) => ({ value: s.id, label: s.name || s.lang || String(s.id) }))]}
                selected={state.textId}
                onSelect={actions.setSubtitles}
                {...menuProps('text')}
              />
            )}
            {state.audio.length > 1 && (
              <MenuButton icon="audio" label={t('player.audio')} items={state.audio.map((a) => ({ value: a.id, label: a.name || a.lang || String(a.id) }))} selected={state.audioId} onSelect={actions.setAudio} {...menuProps('audio')} />
            )}
            {source.kind !== 'live' && (
              <MenuButton
                icon="speed"
                label={t('player.speed')}
                badge={state.speed !== 1 ? `${state.speed}\u00d7` : undefined}
                items={PLAYER.speeds.map((s) => ({ value: s, label: s === 1 ? t('player.speedNormal') : `${s}\u00d7` }))}
                selected={state.speed}
                onSelect={actions.setSpeed}
                {...menuProps('speed')}
              />
            )}
            {state.levels.length > 1 && (
              <MenuButton
                icon="quality"
                label={t('player.quality')}
                badge={state.currentHeight && state.currentHeight >= 720 ? 'HD' : undefined}
                items={[{ value: -1, label: auto }, ...state.levels.map((l) => ({ value: l.level, label: `${l.height}p` }))]}
                selected={state.level}
                onSelect={actions.setLevel}
                {...menuProps('quality')}
              />
            )}
            {pipSupported && (
              <button type="button" className={`${styles.control} ${styles.wideOnly}`} onClick={togglePip} aria-label={state.pip ? t('player.exitPip') : t('player.pip')} title={state.pip ? t('player.exitPip') : t('player.pip')} aria-pressed={state.pip}>
                <Icon name="pip" />
              </button>
            )}
            <button type="button" className={styles.control} onClick={toggleFullscreen} aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')} title={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}>
              <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
