import { useEffect, useMemo, useRef, useState } from 'react';
import { Player, type PlayerSource } from '@/features/player';
import { trailerUrl, useTrailerStream } from '@/shared/api';
import styles from './PromoSlider.module.css';

interface Props {
  trailerId: number;
  title: string;
  /** The banner is active and the tab visible: play; otherwise hold the frame. */
  playing: boolean;
  /** The trailer ended or cannot play: the banner goes back to its picture. */
  onEnd: () => void;
}

/**
 * A promo-bg banner's trailer: the content hero's muted preview (no controls, no sound, no
 * stat), shown only once frames play so the background stays until then. It pauses when
 * told and resumes where it stopped.
 */
export default function PromoSliderTrailer({ trailerId, title, playing, onEnd }: Props) {
  const url = trailerUrl(useTrailerStream(trailerId, true).data);
  const source = useMemo<PlayerSource | null>(() => (url ? { url, kind: 'trailer', title } : null), [url, title]);
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const playingRef = useRef(playing);
  playingRef.current = playing;

  // Media events do not bubble: listen in the capture phase on the box. The player starts
  // playback itself once the stream loads, which may be after the banner was left.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onPlaying = (e: Event) => {
      const v = e.target as HTMLVideoElement;
      if (!playingRef.current) v.pause();
      else setShown(true);
    };
    el.addEventListener('playing', onPlaying, true);
    return () => el.removeEventListener('playing', onPlaying, true);
  }, []);

  useEffect(() => {
    const v = box.current?.querySelector('video');
    if (!v || !source) return;
    if (!playing) v.pause();
    else if (v.paused && !v.ended && v.readyState > 0) void v.play().catch(() => undefined);
  }, [playing, source]);

  return (
    <div ref={box} className={`${styles.trailer} ${shown ? styles.trailerShown : ''}`} data-trailer={shown ? 'playing' : 'loading'} aria-hidden="true">
      <Player source={source} mode="preview" onEnded={onEnd} onFatal={onEnd} />
    </div>
  );
}
