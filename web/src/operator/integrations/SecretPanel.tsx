import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { CopyButton } from '../ui/CopyButton';
import styles from '../ui/console.module.css';

/** A secret shown this once (a new token, a callback secret) with a copy button. */
export function SecretPanel({ heading, note, label, value, onClose }: { heading: string; note: string; label: string; value: string; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h3 id={id} ref={ref} tabIndex={-1}>
        {heading}
      </h3>
      <p className={styles.small}>{note}</p>
      <div className={styles.formRow}>
        <label className={styles.label} htmlFor={`${id}-value`}>
          {label}
        </label>
        <input id={`${id}-value`} className={`${styles.input} ${styles.mono}`} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <span className={styles.actions}>
        <CopyButton text={value} />
        <Button size="small" variant="ghost" onClick={onClose}>
          {t('common.close')}
        </Button>
      </span>
    </section>
  );
}
