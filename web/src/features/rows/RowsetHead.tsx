import type { ReactNode } from 'react';
import type { Rowset } from './types';
import styles from './RowsetPage.module.css';

/**
 * The head of a rowset page: the page logo (the rowset's icon) and the SEO heading (h1 from
 * rowset.seo, else the title). When the
 * page opens with the promo slider the heading stays for screen readers and search engines
 * only: the banner is the visual lead.
 */
export function RowsetHead({ rowset, fallback, children }: { rowset: Rowset; fallback: string; children?: ReactNode }) {
  const heading = rowset.seo?.h1 || rowset.title || fallback;
  const sliderFirst = rowset.rows[0]?.template === 'promo-bg';
  const logo = rowset.icon?.tv_x3;
  return (
    <header className={sliderFirst ? 'visually-hidden' : styles.head}>
      <h1 id={`rowset-${rowset.id}-title`} className={styles.title}>
        {logo && <img className={styles.logo} src={logo} alt="" width={40} height={40} decoding="async" />}
        {heading}
      </h1>
      {!sliderFirst && rowset.description && <p className={styles.description}>{rowset.description}</p>}
      {children}
    </header>
  );
}
