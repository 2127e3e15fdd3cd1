import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './console.module.css';

/**
 * The frame of a wide table. When the table is wider than the screen (a tablet) the frame
 * scrolls sideways, and then it is a named region that takes the focus, so the table can
 * be scrolled with the keyboard too.
 */
export function TableFrame({ label, busy, className, children }: { label: string; busy?: boolean; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={`${styles.tableFrame} ${className ?? ''}`}
      aria-busy={busy || undefined}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
