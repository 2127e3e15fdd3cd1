import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { PAGE } from './api';

/** Newer and older pages of a log (PAGE rows each). */
export function Pager({ label, offset, more, onMove }: { label: string; offset: number; more: boolean; onMove: (offset: number) => void }) {
  const { t } = useTranslation('operator-integrations');
  if (offset === 0 && !more) return null;
  return (
    <nav aria-label={label} className={styles.actions}>
      <Button size="small" variant="secondary" disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - PAGE))}>
        {t('log.newer')}
      </Button>
      <Button size="small" variant="secondary" disabled={!more} onClick={() => onMove(offset + PAGE)}>
        {t('log.older')}
      </Button>
    </nav>
  );
}
