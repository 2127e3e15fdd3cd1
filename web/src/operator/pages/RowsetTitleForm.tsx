import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { patchRowsetText, type Rowset } from './api';

/** A page's title and description as viewers see them (the header menu and the page's heading). */
export function RowsetTitleForm({ rowset, onSaved }: { rowset: Rowset; onSaved: (saved: Rowset) => void }) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const id = useId();
  const [title, setTitle] = useState(rowset.title);
  const [description, setDescription] = useState(rowset.description);
  const save = useMutation({
    mutationFn: () => patchRowsetText(rowset.id, { title: title.trim(), description: description.trim() }),
    onSuccess: onSaved,
  });
  const changed = title.trim() !== rowset.title || description.trim() !== rowset.description;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('rowset.title')}</h2>
      <form
        className={styles.formRow}
        onSubmit={(e) => {
          e.preventDefault();
          if (changed && !save.isPending) save.mutate();
        }}
      >
        <label className={`${styles.control} ${styles.grow}`}>
          <span>{t('rowsets.shownAs')}</span>
          <input className={styles.input} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </label>
        <label className={`${styles.control} ${styles.grow}`}>
          <span>{t('rowset.description')}</span>
          <input className={styles.input} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        </label>
        <Button type="submit" className={styles.besideField} aria-disabled={!changed || save.isPending || undefined}>
          {t('rowset.save')}
        </Button>
      </form>
      {save.error && (
        <p role="alert" className={styles.errorText}>
          {errorText(tc, save.error)}
        </p>
      )}
    </section>
  );
}
