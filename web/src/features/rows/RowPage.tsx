import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { isPrerender } from '@/shared/lib/prerender';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { Button, ErrorState, Spinner } from '@/shared/ui';
import { gridOf } from './RowList';
import { rowTiles } from './rowTiles';
import { rowListLimit } from './rules/pages';
import { RowSkeleton } from './RowSkeleton';
import { TileGrid } from './tiles/TileGrid';
import { useRowList } from './useRowList';
import styles from './RowPage.module.css';

/** Spec 9: other infinite scroll 200 to 1000 px by page and width (800 at most up to 768 px wide). */
const scrollMargin = () => (typeof window !== 'undefined' && window.innerWidth <= 768 ? 800 : 1000);

/**
 * /row/{slug or id}: the whole row as a grid with infinite scroll (spec 2, 4 "Slider and row
 * loading"): pages of the template's size (21 content-v, 18 content-h, 24 others), with the
 * optional query text and library_id; a 404 shows the not-found page.
 */
export default function RowPage({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { search } = useLocation();
  const q = new URLSearchParams(search);
  const text = q.get('text')?.trim().slice(0, 255) || undefined;
  // Spec 2: a prerender client lists the row without the library (one page per row to index).
  const library = isPrerender() ? undefined : Number(q.get('library_id')) || undefined;
  const list = useRowList(id, { text, library_id: library }, { first: 24, next: (first) => rowListLimit(first), margin: scrollMargin() });
  const row = list.row;
  useDocumentMeta({ title: row?.title || undefined, description: row?.description || undefined });

  if (list.query.isError && !row) {
    if (isApiError(list.query.error) && list.query.error.status === 404) return <>{notFound}</>;
    return <ErrorState title={t('rows.page.loadError')} actions={<Button onClick={list.retry}>{t('rows.page.retry')}</Button>} />;
  }
  if (!row) {
    return (
      <div className={styles.page} aria-busy="true">
        <RowSkeleton shape="poster" />
      </div>
    );
  }
  const tiles = rowTiles(row, true);
  return (
    <section className={styles.page} aria-labelledby="row-title" data-row-id={row.id}>
      <header className={styles.head}>
        <h1 id="row-title">{row.title}</h1>
        {row.description && <p className={styles.description}>{row.description}</p>}
      </header>
      {tiles.length === 0 ? (
        <p className={styles.empty}>{t('rows.page.empty')}</p>
      ) : (
        <TileGrid shape={gridOf(row.template)} label={t('rows.page.listLabel')}>
          {tiles}
        </TileGrid>
      )}
      <div ref={list.sentinel} className={styles.sentinel} aria-hidden="true" />
      {list.loadingMore && <Spinner label={t('rows.page.loadingMore')} />}
      {(list.stuck || list.query.isFetchNextPageError) && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={list.retry}>
            {t('rows.page.retry')}
          </Button>
        </div>
      )}
    </section>
  );
}
