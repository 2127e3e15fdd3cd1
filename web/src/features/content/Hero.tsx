import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Player } from '@/features/player';
import { useIsPhone, useMediaQuery } from '@/shared/lib/useMediaQuery';
import type { Content } from './types';
import { useTrailerPreview } from './useTrailerPreview';
import styles from './Content.module.css';

/** The picture behind the page: the background, else the wide cover. */
export const backgroundOf = (c: Content) =>
  c.background?.web || c.cover?.src_16x9 || c.images.find((i) => i.aspect_ratio === '16:9')?.src || '';

/**
 * The top of the content page (spec 2): the background image, or on wider screens the
 * trailer playing muted over it with a sound toggle. The trailer ends back on the image.
 */
export function Hero({ content, trailerId }: { content: Content; trailerId: number | null }) {
  const { t } = useTranslation();
  const wide = !useIsPhone();
  const calm = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [ended, setEnded] = useState(false);
  const [muted, setMuted] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const wanted = wide && !calm && trailerId != null && !ended;
  const source = useTrailerPreview(trailerId, wanted, content.title);
  const url = source?.url ?? '';

  // The preview player is always muted; sound is the viewer's choice on the element itself
  // (a click is the user gesture browsers need to unmute).
  const video = () => box.current?.querySelector('video') ?? null;
  useEffect(() => {
    setMuted(true);
  }, [url]);
  const toggleSound = () => {
    const v = video();
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  };

  const bg = backgroundOf(content);
  return (
    <div className={styles.hero} ref={box} data-trailer={source ? 'on' : undefined}>
      {bg ? <img className={styles.heroImage} src={bg} alt="" decoding="async" /> : <div className={styles.heroStub} />}
      {source && (
        <div className={styles.heroTrailer}>
          <Player source={source} mode="preview" onEnded={() => setEnded(true)} onFatal={() => setEnded(true)} />
        </div>
      )}
      <div className={styles.heroShade} aria-hidden="true" />
      {source && (
        <button type="button" className={styles.soundToggle} aria-pressed={!muted} onClick={toggleSound}>
          {muted ? t('content.trailerSoundOn') : t('content.trailerSoundOff')}
        </button>
      )}
    </div>
  );
}
