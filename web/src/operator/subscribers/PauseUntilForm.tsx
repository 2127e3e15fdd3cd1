import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';

/** The day as yyyy-mm-dd in the browser's time zone. */
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * When a paused subscription resumes by itself: a day (from tomorrow, at the start of the day where the console
 * is), or never (until staff resume it).
 */
export function PauseUntilForm({
  current,
  busy,
  error,
  onSave,
  onCancel,
}: {
  /** The planned resumption now (unix seconds, 0: none). */
  current: number;
  busy: boolean;
  error: string | null;
  onSave: (resumeAt: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('operator');
  const id = useId();
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const [day, setDay] = useState(current > 0 ? isoDay(new Date(current * 1000)) : '');
  const [missing, setMissing] = useState(false);
  return (
    <form
      className={styles.formRow}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        if (!day || day < isoDay(tomorrow)) {
          setMissing(true);
          return;
        }
        onSave(Math.floor(new Date(`${day}T00:00`).getTime() / 1000));
      }}
    >
      <div className={styles.control}>
        <label htmlFor={id} className={styles.label}>
          {t('card.resumeOn')}
        </label>
        <input
          id={id}
          type="date"
          className={styles.input}
          value={day}
          min={isoDay(tomorrow)}
          onChange={(e) => (setDay(e.target.value), setMissing(false))}
          aria-invalid={missing || undefined}
          aria-describedby={missing || error ? `${id}-e` : undefined}
        />
        {(missing || error) && (
          <span id={`${id}-e`} role="alert" className={`${styles.errorText} ${styles.small}`}>
            {missing ? t('card.resumeOnInvalid') : error}
          </span>
        )}
      </div>
      <span className={styles.actions}>
        <Button type="submit" size="small" aria-disabled={busy || undefined}>
          {t('card.resumeOnSave')}
        </Button>
        {current > 0 && (
          <Button size="small" variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && onSave(0)}>
            {t('card.resumeOnClear')}
          </Button>
        )}
        <Button size="small" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </span>
    </form>
  );
}
