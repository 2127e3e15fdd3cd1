import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useDropdownDismiss } from '@/shared/lib/useDropdownDismiss';
import { fitCount, type MenuItem } from './menu';
import styles from './Header.module.css';

/**
 * The header menu (spec "Header"): the items that do not fit go into a '...' dropdown.
 * Every item is measured once while all are shown (again when the items or their texts
 * change); on resize only the count that fits is recomputed.
 */
export function MainMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  const widths = useRef<number[]>([]);
  const [fit, setFit] = useState(items.length);
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const location = useLocation();
  const key = items.map((i) => i.to + i.label).join('|');

  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const list = nav.querySelector('ul')!;
    // Measure with every item shown (the state may hide some from an earlier layout).
    list.dataset.measuring = '1';
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    widths.current = Array.from(list.children)
      .filter((li) => !(li as HTMLElement).dataset.more)
      .map((li) => (li as HTMLElement).getBoundingClientRect().width + gap);
    delete list.dataset.measuring;
    const more = 48;
    const compute = () => setFit(fitCount(widths.current, nav.clientWidth, more));
    compute();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(compute);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [key]);

  // A new page or a wider window closes the dropdown.
  useEffect(() => setOpen(false), [location.pathname, fit]);
  useDropdownDismiss(open, navRef, () => setOpen(false), () => navRef.current?.querySelector<HTMLButtonElement>('[data-more] button'));

  const rest = items.slice(fit);
  return (
    <nav ref={navRef} aria-label={t('nav.mainMenu')} className={styles.nav}>
      <ul className={styles.menu}>
        {items.map((item, i) => (
          <li key={item.to} className={i >= fit ? styles.overflowed : undefined}>
            <MenuLink item={item} />
          </li>
        ))}
        {rest.length > 0 && (
          <li data-more="1" className={styles.moreWrap}>
            <button type="button" className={styles.more} aria-expanded={open} aria-controls={moreId} aria-label={t('nav.more')} onClick={() => setOpen((v) => !v)}>
              <span aria-hidden="true">…</span>
            </button>
            {open && (
              <ul id={moreId} className={styles.morePanel}>
                {rest.map((item) => (
                  <li key={item.to}>
                    <MenuLink item={item} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A route link (current page marked), or a plain link to another site. */
function MenuLink({ item }: { item: MenuItem }) {
  if (item.external) return <a href={item.to}>{item.label}</a>;
  return (
    <NavLink to={item.to} end={item.to === '/'}>
      {item.label}
    </NavLink>
  );
}
