import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { Button, ErrorState, Spinner } from '@/shared/ui';
import type { RowParams } from './api';
import { rowTiles } from './rowTiles';
import { TileGrid, type GridShape } from './tiles/TileGrid';
import type { Row } from './types';
import { useRowList } from './useRowList';
import styles from './RowPage.module.css';

export interface RowListProps {
  /** The row (id or slug). */
  rowRef: string;
  params: RowParams;
  /** Limit of the first page and of the later ones (from the first answer). */
  first: number;
  next: (first: Row) => number;
  /** Infinite-scroll distance below the viewport (px). */
  margin: number;
  /** The grid's shape (the template's by default). */
  grid?: GridShape;
  /** Shown when the row has no tiles (e.g. filters_no_found). */
  empty: ReactNode;
  /** Above the grid once the first page is in: e.g. the number found. */
  head?: (row: Row, total: number) => ReactNode;
  /** The row does not exist (404): the caller picks another row or shows a not-found page. */
  onMissing?: () => void;
  /** Shown while the row is missing (default: the error panel). */
  missing?: ReactNode;
  /** Labels the grid. */
  labelledBy?: string;
}

/**
 * The whole of a row as a grid with infinite scroll (spec 4 "Slider and row loading"):
 * skeleton/spinner while loading, the next page near the bottom, no more after a short
 * batch, a retry after a failed or stuck (10 s) load. Used by the filter pages.
 */
export default function RowList({ rowRef, params, first, next, margin, grid, empty, head, onMissing, missing, labelledBy }: RowListProps) {
  const { t } = useTranslation();
  const list = useRowList(rowRef, params, { first, next, margin });
  const row = list.row;
  const isMissing = !row && isApiError(list.query.error) && list.query.error.status === 404;
  useEffect(() => {
    if (isMissing) onMissing?.();
  }, [isMissing, onMissing]);
  if (list.query.isError && !row) {
    if (isMissing && missing !== undefined) return <>{missing}</>;
    return <ErrorState title={t('rows.page.loadError')} actions={<Button onClick={list.retry}>{t('rows.page.retry')}</Button>} />;
  }
  if (!row) return <Spinner label={t('rows.page.loading')} />;
  const tiles = rowTiles(row);
  const total = tiles.length + Math.max(0, row.more_count ?? 0);
  return (
    <>
      <div aria-live="polite">{tiles.length > 0 ? head?.(row, total) : empty}</div>
      {tiles.length > 0 && (
        <TileGrid shape={grid ?? gridOf(row.template)} labelledBy={labelledBy}>
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
    </>
  );
}

/** The grid of a row's full list, by template. */
const GRID: Partial<Record<Row['template'], GridShape>> = {
  'content-h': 'cover',
  'history-h': 'cover',
  person: 'person',
  channel: 'channel',
  channels: 'channel',
  'promo-bg': 'wide',
  'promo-wide': 'wide',
  branded_button: 'cover',
  packet_promo: 'cover',
  packet_promo_base: 'cover',
  donate_packs: 'cover',
  button: 'button',
};

export const gridOf = (template: Row['template']): GridShape => GRID[template] ?? 'poster';
