import { Link } from 'react-router';
import styles from './FilterPage.module.css';

export interface FilterLinksProps {
  id: string;
  label: string;
  value: string;
  /** The "any" choice (the filter off). */
  any: string;
  options: { value: string; label: string }[];
  /** The address of the page with this filter set to `value` ('' clears it). */
  href: (value: string) => string;
}

/**
 * A filter as an open list of links, for prerender clients (spec 2 "Filter page": expanded
 * dropdowns): a crawler follows links, it does not open selects. The chosen option is
 * marked current.
 */
export function FilterLinks({ id, label, value, any, options, href }: FilterLinksProps) {
  return (
    <div className={`${styles.field} ${styles.expanded} ${value ? styles.active : ''}`} role="group" aria-labelledby={id}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <ul className={styles.links}>
        {[{ value: '', label: any }, ...options].map((o) => (
          <li key={o.value}>
            <Link to={href(o.value)} replace aria-current={o.value === value ? 'true' : undefined}>
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
