import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageCovered } from '@/shared/lib/pageCovered';
import { isPrerender } from '@/shared/lib/prerender';
import { useIsNarrow, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { PromoSliderSlide } from './PromoSliderSlide';
import { KEY_DRAG_MS, shouldAutoRotate, SLIDE_MS, stepSlide, swipeStep } from './rules/slider';
import { Chevron } from './RowTrack';
import type { Row } from './types';
import styles from './PromoSlider.module.css';

const subscribeVisibility = (cb: () => void) => {
  document.addEventListener('visibilitychange', cb);
  return () => document.removeEventListener('visibilitychange', cb);
};
const useDocumentHidden = () => useSyncExternalStore(subscribeVisibility, () => document.hidden, () => false);

/**
 * The promo-bg slider (spec 2, 4 "Slider and row loading", 9 "Layout"): banners with a
 * background, a graphic title or title, a description, a More button and an optional
 * trailer. It rotates every 7 s only with more than one banner, and stops while hovered or
 * focused, for reduced motion, in a hidden tab, for prerender clients and when paused;
 * dots, arrow buttons, arrow keys and drag or swipe (50 px) move it. Trailers play on the
 * active banner only, and not on narrow screens, for reduced motion or for prerender.
 */
export function PromoSlider({ row, eager }: { row: Row; eager?: boolean }) {
  const { t } = useTranslation();
  const items = row.promotions ?? [];
  const count = items.length;
  const id = useId();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dragPx, setDragPx] = useState(0);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // A hidden tab and a page under an open modal page are both out of sight.
  const covered = usePageCovered();
  const hidden = useDocumentHidden() || covered;
  const drag = useRef<{ x: number; y: number; pointer: number; moved: boolean } | null>(null);
  const justDragged = useRef(false);
  const keyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const narrow = useIsNarrow();
  const [prerender] = useState(isPrerender);

  const rotate = shouldAutoRotate({ count, hovered, focused, reducedMotion, hidden, prerender, paused, dragging });
  useEffect(() => {
    if (!rotate) return;
    const timer = setTimeout(() => setIndex((i) => stepSlide(i, 1, count)), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [rotate, index, count]);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const go = (step: number) => setIndex((i) => stepSlide(i, step, count));

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    go(e.key === 'ArrowRight' ? 1 : -1);
    // Spec 9: arrow keys mark a drag for 500 ms (no rotation right after a key move).
    setDragging(true);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => setDragging(false), KEY_DRAG_MS);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { x: e.clientX, y: e.clientY, pointer: e.pointerId, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) > 6 && Math.abs(dx) > Math.abs(e.clientY - d.y)) {
      d.moved = true;
      setDragging(true);
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    }
    if (d.moved) setDragPx(dx);
  };
  const endDrag = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    drag.current = null;
    if (d.moved) {
      justDragged.current = true;
      setTimeout(() => (justDragged.current = false), 0);
      go(swipeStep(e.clientX - d.x));
    }
    setDragPx(0);
    setDragging(false);
  };

  return (
    <section
      className={styles.slider}
      data-row-id={row.id}
      data-template="promo-bg"
      aria-roledescription={t('rows.slider.role')}
      aria-label={row.title || t('rows.slider.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        aria-live={rotate ? 'off' : 'polite'}
      >
        <div
          className={`${styles.track} ${dragging && dragPx !== 0 ? styles.dragging : ''}`}
          style={{ transform: `translateX(calc(${-current * 100}% + ${dragPx}px))` }}
        >
          {items.map((p, i) => (
            <PromoSliderSlide
              key={p.id}
              promo={p}
              active={i === current}
              eager={eager && i === 0}
              label={t('rows.slider.slide', { n: i + 1, count })}
              id={`${id}-${i}`}
              suppressClick={() => justDragged.current}
              motion={!narrow && !reducedMotion && !prerender}
              visible={!hidden}
            />
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label={t('rows.slider.prev')} onClick={() => go(-1)}>
            <Chevron dir="left" />
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label={t('rows.slider.next')} onClick={() => go(1)}>
            <Chevron dir="right" />
          </button>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.pause}
              aria-label={paused ? t('rows.slider.play') : t('rows.slider.pause')}
              aria-pressed={paused}
              onClick={() => setPaused((v) => !v)}
            >
              <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
                {paused ? <path d="M3 1.5v11l9-5.5z" fill="currentColor" /> : <path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" />}
              </svg>
            </button>
            <div className={styles.dots}>
              {items.map((p, i) => (
                <button
                  key={p.id}
                  type="button"
                  className={styles.dot}
                  aria-label={t('rows.slider.goTo', { n: i + 1 })}
                  aria-controls={`${id}-${i}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
