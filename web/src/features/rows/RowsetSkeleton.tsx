import { RowSkeleton } from './RowSkeleton';
import styles from './Rows.module.css';

/** A rowset page while its rowset loads: the slider's place and three rows. */
export function RowsetSkeleton({ slider = true }: { slider?: boolean }) {
  return (
    <div className={`${styles.rowset} ${slider ? styles.sliderFirst : ''}`} aria-hidden="true">
      {slider && <RowSkeleton shape="wide" />}
      <RowSkeleton shape="poster" />
      <RowSkeleton shape="cover" />
      <RowSkeleton shape="poster" />
    </div>
  );
}
