import { SKELETON_TILES } from './rules/sizes';
import type { TrackShape } from './RowTrack';
import styles from './Rows.module.css';

/** A skeleton row (spec 2: 8 placeholders) in the shape of the template's tiles. */
export function RowSkeleton({ shape, title = true }: { shape: TrackShape; title?: boolean }) {
  if (shape === 'wide') return <div className={`${styles.skeletonSlider} ${styles.shimmer}`} aria-hidden="true" />;
  return (
    <div className={styles.row} aria-hidden="true" data-skeleton="1">
      {title && <div className={`${styles.skeletonTitle} ${styles.shimmer}`} />}
      <div className={styles.trackWrap}>
        <div className={`${styles.track} ${styles[`track_${shape}`]}`}>
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <div key={i} className={`${styles.skeletonTile} ${styles[`skeleton_${shape}`]} ${styles.shimmer}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
