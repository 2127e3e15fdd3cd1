import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import own from './catalog.module.css';

export interface TrailerDraft {
  id?: number;
  title: string;
  source: string;
  duration: string;
}

/** A content's trailers: a title, a video address and a duration each. */
export function TrailersEditor({ trailers, onChange }: { trailers: TrailerDraft[]; onChange: (next: TrailerDraft[]) => void }) {
  const { t } = useTranslation('operator-catalog');
  const titleId = useId();
  const set = (i: number, patch: Partial<TrailerDraft>) => onChange(trailers.map((tr, j) => (j === i ? { ...tr, ...patch } : tr)));
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('trailers.title')}</h2>
      {trailers.length === 0 && <p className={`${styles.muted} ${styles.small}`}>{t('trailers.empty')}</p>}
      {trailers.map((tr, i) => (
        <fieldset key={tr.id ?? `new-${i}`} className={own.trailer}>
          <legend>{t('trailers.group', { n: i + 1 })}</legend>
          <TrailerField label={t('trailers.name')} value={tr.title} onChange={(v) => set(i, { title: v })} maxLength={200} />
          <TrailerField label={t('trailers.address')} value={tr.source} onChange={(v) => set(i, { source: v })} maxLength={2000} wide />
          <TrailerField label={t('trailers.duration')} value={tr.duration} onChange={(v) => set(i, { duration: v })} inputMode="numeric" />
          <Button variant="secondary" size="small" className={styles.besideField} onClick={() => onChange(trailers.filter((_, j) => j !== i))}>
            {t('trailers.remove')}
          </Button>
        </fieldset>
      ))}
      <p>
        <Button variant="secondary" size="small" onClick={() => onChange([...trailers, { title: '', source: '', duration: '' }])}>
          {t('trailers.add')}
        </Button>
      </p>
    </section>
  );
}

function TrailerField({
  label,
  value,
  onChange,
  maxLength,
  inputMode,
  wide,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
  inputMode?: 'numeric';
  wide?: boolean;
}) {
  const id = useId();
  return (
    <div className={`${styles.control} ${wide ? own.wide : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength} inputMode={inputMode} autoComplete="off" />
    </div>
  );
}
