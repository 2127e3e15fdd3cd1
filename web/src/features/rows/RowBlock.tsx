import { lazy, Suspense, useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { coreTiles } from './coreTiles';
import { PromoSlider } from './PromoSlider';
import { rowItemCount } from './rules/pages';
import { rowPageSize, showsOpenAll } from './rules/sizes';
import { rowPath } from './rules/destination';
import { RowSkeleton } from './RowSkeleton';
import { RowTrack, type TrackShape } from './RowTrack';
import { OpenAllTile } from './tiles/OpenAllTile';
import type { Row } from './types';
import styles from './Rows.module.css';

const ExtraTrack = lazy(() => import('./ExtraTrack'));

/** The track shape of each template. */
export const TRACK_SHAPE: Record<Row['template'], TrackShape> = {
  'content-v': 'poster',
  'content-h': 'cover',
  'history-h': 'cover',
  history: 'poster',
  channel: 'channel',
  channels: 'logo',
  person: 'person',
  'collection-v': 'poster',
  button: 'button',
  branded_button: 'branded',
  'promo-bg': 'wide',
  'promo-wide': 'wide',
  packet_promo: 'packet',
  packet_promo_base: 'packet',
  donate_packs: 'donate',
};

/** Templates whose title leads to the whole row. */
const LINKED_TITLE = new Set<string>(['content-v', 'content-h', 'history-h', 'history', 'channel', 'person']);
/** Tiles drawn in the first pass of a row; the rest follow in a background render. */
const FIRST_PASS_TILES = 8;

/** Templates the home chunk draws itself; the others come with ExtraTrack. */
const CORE = new Set<string>(['content-v', 'content-h', 'history-h', 'history']);

/**
 * One row of a rowset: the promo-bg slider, or a titled, horizontally scrollable track of
 * the template's tiles with the open-all tile past 6 items. Empty rows render nothing.
 */
export function RowBlock({ row, eager }: { row: Row; eager?: boolean }) {
  const headingId = useId();
  const count = rowItemCount(row);
  // The first screen shows about 8 tiles a row: the others (out of view to the right) are
  // drawn in a second, interruptible render, so the first rows paint sooner.
  const shown = useDeferredValue(count, Math.min(count, FIRST_PASS_TILES));
  if (count === 0) return null;
  if (row.template === 'promo-bg') return <PromoSlider row={row} eager={eager} />;
  const shape = TRACK_SHAPE[row.template] ?? 'poster';
  const to = rowPath(row.slug || row.id);
  const total = count + Math.max(0, row.more_count ?? 0);
  let track;
  if (CORE.has(row.template)) {
    const tiles = coreTiles(row, eager).slice(0, shown);
    if (shown === count && showsOpenAll(row.template, total)) tiles.push(<OpenAllTile key="open-all" to={to} title={row.title} count={total} />);
    track = (
      <RowTrack label={row.title} shape={shape}>
        {tiles}
      </RowTrack>
    );
  } else {
    track = (
      <Suspense fallback={<RowSkeleton shape={shape} title={false} />}>
        <ExtraTrack row={row} shape={shape} eager={eager} openAll={showsOpenAll(row.template, total) ? { to, count: total } : undefined} />
      </Suspense>
    );
  }
  return (
    <section
      className={styles.row}
      aria-labelledby={row.title ? headingId : undefined}
      data-row-id={row.id}
      data-template={row.template}
      data-analytics-template={row.template}
    >
      {row.title && (
        <h2 id={headingId} className={styles.rowTitle}>
          {LINKED_TITLE.has(row.template) ? (
            <Link to={to} className={styles.rowTitleLink} data-analytics="see_all" data-analytics-id={row.id}>
              {row.title}
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true" focusable="false">
                <path d="m9 5 7 7-7 7" />
              </svg>
            </Link>
          ) : (
            row.title
          )}
        </h2>
      )}
      {row.description && <p className={styles.rowDescription}>{row.description}</p>}
      {track}
    </section>
  );
}

/** The page size a rowset's row is loaded with (spec 9). */
export const rowLoadLimit = (row: Pick<Row, 'template'>) => rowPageSize(row.template);
