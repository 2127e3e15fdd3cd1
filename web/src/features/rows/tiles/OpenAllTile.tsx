import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chevron } from '../RowTrack';
import styles from './Tiles.module.css';

/** The open-all tile at the end of a long row (spec 2: past 6 items): opens /row/{slug}. */
export function OpenAllTile({ to, title, count }: { to: string; title: string; count?: number }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={styles.openAll} aria-label={t('rows.openAllLabel', { title })} data-open-all="1" data-analytics="see_all" draggable={false}>
      <span className={styles.openAllCircle} aria-hidden="true">
        <Chevron dir="right" />
      </span>
      <span className={styles.openAllText}>{t('rows.openAll')}</span>
      {count != null && count > 0 && <span className={styles.meta}>{t('rows.itemsCount', { count })}</span>}
    </Link>
  );
}
