import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { itemsQuery, type Item, type ItemKind } from './api';
import own from './pages.module.css';

/** Finds the operator's contents (or channels, persons, banners) by title for a row. */
export function ItemPicker({
  kind,
  chosen,
  title,
  onPick,
  onClose,
}: {
  kind: ItemKind;
  chosen: readonly Item[];
  title?: string;
  onPick: (item: Item) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const found = useQuery(itemsQuery(kind, q));
  const id = useId();
  const has = (it: Item) => chosen.some((c) => c.kind === it.kind && c.id === it.id);
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{title ?? t('picker.title')}</h3>
      <div className={styles.formRow}>
        <label className={`${styles.control} ${styles.grow}`}>
          <span>{t(`picker.find.${kind}`)}</span>
          <input
            className={styles.input}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            // The picker sits in the row's form: Enter searches, it does not save the row.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            autoFocus
            maxLength={200}
          />
        </label>
        <Button variant="secondary" size="small" className={styles.besideField} onClick={onClose}>
          {t('picker.close')}
        </Button>
      </div>
      {found.error ? (
        <p role="alert" className={styles.errorText}>
          {errorText(tc, found.error)}
        </p>
      ) : (
        <ul className={own.found} aria-label={t('picker.results')} aria-busy={found.isFetching || undefined}>
          {(found.data ?? []).map((it) => (
            <li key={`${it.kind}-${it.id}`} className={own.row}>
              <span className={own.rowTitle}>
                <span>{it.title}</span>
                {it.info && <span className={`${styles.muted} ${styles.small}`}>{it.info}</span>}
              </span>
              <Button size="small" variant="secondary" disabled={has(it)} onClick={() => onPick(it)} aria-label={t('picker.add', { title: it.title })}>
                {has(it) ? t('picker.added') : t('picker.addShort')}
              </Button>
            </li>
          ))}
          {found.data && found.data.length === 0 && <li className={styles.muted}>{t('picker.none')}</li>}
        </ul>
      )}
    </section>
  );
}
