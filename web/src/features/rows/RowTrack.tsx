import { Children, isValidElement, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Rows.module.css';

export type TrackShape = 'poster' | 'cover' | 'person' | 'channel' | 'logo' | 'button' | 'branded' | 'wide' | 'packet' | 'donate';

interface Props {
  /** Names the list (the row title). */
  label: string;
  shape: TrackShape;
  children: ReactNode;
}

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A horizontally scrollable row of tiles: native scrolling (touch, trackpad, shift+wheel),
 * arrow buttons for the mouse (pointer devices only), and the arrow keys move the focus
 * from tile to tile (Home and End to the ends); a focused tile scrolls into view.
 */
export function RowTrack({ label, shape, children }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const count = Children.count(children);

  // Which ends are in view, from an IntersectionObserver on the first and the last tile:
  // no layout reads, so mounting many rows at once forces no synchronous layout.
  useEffect(() => {
    const el = ref.current;
    const first = el?.firstElementChild;
    const last = el?.lastElementChild;
    if (!el || !first || !last || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        setEdges((e) => {
          let next = e;
          for (const entry of entries) {
            const seen = entry.intersectionRatio > 0.95;
            if (entry.target === first && next.start !== seen) next = { ...next, start: seen };
            if (entry.target === last && next.end !== seen) next = { ...next, end: seen };
          }
          return next;
        });
      },
      { root: el, threshold: [0, 0.95, 1] },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [count]);

  const page = (dir: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    el.scrollBy({ left: dir * Math.max(200, el.clientWidth * 0.85), behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const items = Array.from(ref.current?.children ?? []) as HTMLElement[];
    const at = items.findIndex((li) => li.contains(document.activeElement));
    if (at < 0) return;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : at + (e.key === 'ArrowRight' ? 1 : -1);
    const target = items[to]?.querySelector<HTMLElement>('a, button');
    if (!target) return;
    e.preventDefault();
    target.focus();
  };

  return (
    <div className={styles.trackWrap}>
      <ul ref={ref} className={`${styles.track} ${styles[`track_${shape}`]}`} aria-label={label} onKeyDown={onKeyDown}>
        {Children.map(children, (child) => (isValidElement(child) ? <li key={child.key ?? undefined}>{child}</li> : null))}
      </ul>
      {!edges.start && (
        <button type="button" className={`${styles.arrow} ${styles.arrowPrev}`} tabIndex={-1} aria-hidden="true" title={t('rows.scrollPrev')} onClick={() => page(-1)}>
          <Chevron dir="left" />
        </button>
      )}
      {!edges.end && (
        <button type="button" className={`${styles.arrow} ${styles.arrowNext}`} tabIndex={-1} aria-hidden="true" title={t('rows.scrollNext')} onClick={() => page(1)}>
          <Chevron dir="right" />
        </button>
      )}
    </div>
  );
}

export function Chevron({ dir }: { dir: 'left' | 'right' }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={dir === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} />
    </svg>
  );
}
