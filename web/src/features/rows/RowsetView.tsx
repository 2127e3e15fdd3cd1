import { Fragment, useRef, type ReactNode } from 'react';
import { RowBlock, rowLoadLimit, TRACK_SHAPE } from './RowBlock';
import { useRow } from './queries';
import { rowItemCount } from './rules/pages';
import { EAGER_ROWS } from './rules/sizes';
import { RowSkeleton } from './RowSkeleton';
import type { Row } from './types';
import { useNearViewport } from './useNearViewport';
import styles from './Rows.module.css';

interface Props {
  rows: readonly Row[];
  /** Something placed after the row with this index (the guest's sign-in call on the home page). */
  after?: { index: number; node: ReactNode };
}

/**
 * The rows of a rowset page (spec 2): the first 4 at once (the server fills them; a header
 * without items is loaded at once too), the rest when they come within 150 px of the
 * viewport, each by GET /v2/rows/{id} with the template's page size; skeletons meanwhile.
 */
export function RowsetView({ rows, after }: Props) {
  return (
    <div className={`${styles.rowset} ${rows[0]?.template === 'promo-bg' ? styles.sliderFirst : ''}`}>
      {rows.map((row, i) => (
        <Fragment key={row.id}>
          <RowSlot row={row} index={i} />
          {after && after.index === i && after.node}
        </Fragment>
      ))}
    </div>
  );
}

/** A row the rowset sent filled: loaded is not false and it has tiles (or says it is loaded). */
const isFilled = (row: Row) => row.loaded === true || (row.loaded !== false && rowItemCount(row) > 0);

function RowSlot({ row, index }: { row: Row; index: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const filled = isFilled(row);
  const eager = index < EAGER_ROWS;
  const near = useNearViewport(ref, !filled && !eager);
  const query = useRow(row.id, { limit: rowLoadLimit(row) }, !filled && (eager || near));
  if (filled) return <RowBlock row={row} eager={index < 2} />;
  if (query.data) return <RowBlock row={{ ...query.data, title: query.data.title || row.title }} eager={index < 2} />;
  // A row that fails to load leaves no hole in the page.
  if (query.isError) return null;
  return (
    <div ref={ref} aria-busy="true">
      <RowSkeleton shape={TRACK_SHAPE[row.template] ?? 'poster'} />
    </div>
  );
}
