import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { Spinner } from '@/shared/ui/Spinner';
import { errorText } from './errorText';
import styles from './console.module.css';

/** What a page shows while its data loads, or when loading failed (with a retry). */
export function QueryState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('operator');
  if (!error) return <Spinner label={t('app.loading')} />;
  return (
    <div className={styles.notice} data-kind="error" role="alert">
      <p>{errorText(t, error)}</p>
      {onRetry && (
        <Button variant="secondary" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
