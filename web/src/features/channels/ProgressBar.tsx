import { useTranslation } from 'react-i18next';
import styles from './Channels.module.css';

/** How much of the programme on air has gone by. */
export function ProgressBar({ start, duration, now }: { start: number; duration: number; now: number }) {
  const { t } = useTranslation();
  const pct = duration > 0 ? Math.min(100, Math.max(0, ((now - start) / duration) * 100)) : 0;
  return (
    <span
      className={styles.progress}
      role="progressbar"
      aria-label={t('channels.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
    >
      <span className={styles.progressFill} style={{ width: `${pct}%` }} />
    </span>
  );
}

export function formatTime(unix: number, lng: string): string {
  try {
    return new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(new Date(unix * 1000));
  } catch {
    return new Date(unix * 1000).toTimeString().slice(0, 5);
  }
}
