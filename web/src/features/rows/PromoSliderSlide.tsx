import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DestinationLink } from './tiles/DestinationLink';
import { promoImage, promoQuality, promoTitle, safeColor } from './tiles/promo';
import type { Promo } from './types';
import styles from './PromoSlider.module.css';

// The trailer brings the player and, once it plays, hls.js: neither belongs in the home
// page's first JavaScript, so the piece loads when a banner first starts its trailer.
const PromoSliderTrailer = lazy(() => import('./PromoSliderTrailer'));

/** The banner shows its picture this long before its trailer starts over it. */
export const TRAILER_DELAY_MS = 1_500;

/** The banner's graphic title: its picture and size in points (0 when not given). */
function graphicTitle(p: Promo): { src: string; width?: number; height?: number } {
  const g = p.graphic_title;
  const src = g?.tv_x2 || g?.tv_x1 || g?.mobile_x2 || '';
  return { src, width: g?.tv_width_pt || undefined, height: g?.tv_height_pt || undefined };
}

export interface SlideProps {
  promo: Promo;
  active: boolean;
  eager?: boolean;
  label: string;
  id: string;
  suppressClick: () => boolean;
  /** Trailers may play at all: a wide screen, motion welcome, not a prerender client. */
  motion: boolean;
  /** The tab is visible. */
  visible: boolean;
}

/**
 * One promo-bg banner: the background, the graphic title or title, the meta line, the
 * description and the More button. With a trailer, the active banner plays it muted over
 * the background once the background has shown; it pauses while the banner is not active
 * or the tab is hidden, and it ends back on the picture.
 */
export function PromoSliderSlide({ promo: p, active, eager, label, id, suppressClick, motion, visible }: SlideProps) {
  const { t } = useTranslation();
  const title = promoTitle(p);
  const image = promoImage(p);
  const logo = graphicTitle(p);
  const meta = [p.year || '', p.genres?.slice(0, 2).map((g) => g.name).join(', ') ?? '', promoQuality(p), p.age ? `${p.age}+` : '']
    .filter(Boolean)
    .join(' · ');

  const trailerId = p.trailer_id ?? null;
  const [bgShown, setBgShown] = useState(!image);
  const [started, setStarted] = useState(false);
  const [ended, setEnded] = useState(false);
  const allowed = trailerId !== null && motion && !ended;
  const playing = allowed && active && visible;
  useEffect(() => {
    if (started || !playing || !bgShown) return;
    const timer = setTimeout(() => setStarted(true), TRAILER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [started, playing, bgShown]);

  return (
    <div
      className={styles.slide}
      role="group"
      aria-roledescription={t('rows.slider.slideRole')}
      aria-label={label}
      id={id}
      inert={!active}
      style={{ background: safeColor(p.cover?.color_bg) }}
    >
      {image && (
        <img
          className={styles.bg}
          src={image}
          alt=""
          width={1920}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          draggable={false}
          onLoad={() => setBgShown(true)}
          onError={() => setBgShown(true)}
        />
      )}
      {started && allowed && (
        <Suspense fallback={null}>
          <PromoSliderTrailer trailerId={trailerId} title={title} playing={playing} onEnd={() => setEnded(true)} />
        </Suspense>
      )}
      <div className={styles.shade} />
      <div className={styles.text}>
        {logo.src ? (
          <h2 className={styles.logoHeading}>
            <img className={styles.logo} src={logo.src} alt={title} width={logo.width} height={logo.height} loading="lazy" decoding="async" draggable={false} />
          </h2>
        ) : (
          <h2 className={styles.title}>{title}</h2>
        )}
        {meta && <p className={styles.meta}>{meta}</p>}
        {(p.short || p.description) && <p className={styles.description}>{p.description || p.short}</p>}
        <DestinationLink destination={p.destination} className={styles.more} suppressClick={suppressClick} aria-label={`${t('rows.slider.more')}: ${title}`}>
          {t('rows.slider.more')}
        </DestinationLink>
      </div>
    </div>
  );
}
