import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { InlineConfirm } from '../ui/Confirm';
import { deleteRow, moved, patchRow, type Item, type Row, type Vocabulary } from './api';
import { ItemPicker } from './ItemPicker';
import own from './pages.module.css';
import { TemplateSelect } from './TemplateSelect';

const SOURCES = ['items', 'query', 'history', 'favorites', 'channels'] as const;

/** One row's title, template, source and items (picked, in order), saved together; or the row deleted from every page. */
export function RowEditor({
  row,
  vocabulary,
  onSaved,
  onDeleted,
  onClose,
}: {
  row: Row;
  vocabulary: Vocabulary | undefined;
  onSaved: (row: Row) => void;
  onDeleted: (row: Row) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const id = useId();
  const [title, setTitle] = useState(row.title);
  const [template, setTemplate] = useState(row.template);
  const [source, setSource] = useState<(typeof SOURCES)[number]>(row.source === 'filmography' ? 'items' : row.source);
  const [query, setQuery] = useState(JSON.stringify(row.query ?? {}));
  const [items, setItems] = useState<Item[]>(row.items);
  const [picking, setPicking] = useState(false);
  const [queryError, setQueryError] = useState('');
  const kind = vocabulary?.templates.find((x) => x.template === template)?.item_kind ?? 'content';
  const save = useMutation({
    mutationFn: () => {
      let parsed: Record<string, unknown> = {};
      if (source === 'query') {
        try {
          parsed = JSON.parse(query || '{}') as Record<string, unknown>;
        } catch {
          throw new Error('query');
        }
      }
      return patchRow(row.id, {
        title: title.trim(),
        template,
        source,
        query: parsed,
        items: source === 'items' ? items.map((it) => ({ kind: it.kind, id: it.id })) : [],
      });
    },
    onMutate: () => setQueryError(''),
    onSuccess: onSaved,
    onError: (e) => {
      if (e instanceof Error && e.message === 'query') setQueryError(t('row.queryInvalid'));
    },
  });
  const [deleting, setDeleting] = useState(false);
  const del = useMutation({ mutationFn: () => deleteRow(row.id), onSuccess: () => onDeleted(row) });
  const wrongKind = items.some((it) => it.kind !== kind);

  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        {t('row.editing', { title: row.title })}
      </h2>
      <form
        className={styles.section}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className={styles.formRow}>
          <label className={`${styles.control} ${styles.grow}`}>
            <span>{t('row.title')}</span>
            <input className={styles.input} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
          </label>
          <TemplateSelect value={template} onChange={setTemplate} vocabulary={vocabulary} />
          <label className={styles.control}>
            <span>{t('row.source')}</span>
            <select className={styles.select} value={source} onChange={(e) => setSource(e.target.value as (typeof SOURCES)[number])}>
              {SOURCES.map((s) => (
                <option key={s} value={s}>
                  {t(`sources.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {source === 'query' && (
          <div className={styles.control}>
            <label className={styles.label} htmlFor={`${id}-query`}>{t('row.query')}</label>
            <textarea
              id={`${id}-query`}
              className={own.textarea}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-invalid={queryError ? true : undefined}
              aria-describedby={`${id}-query-hint`}
            />
            <span id={`${id}-query-hint`} className={styles.hint}>
              {t('row.queryHint', { keys: (vocabulary?.query_keys ?? []).join(', ') })}
            </span>
            {queryError && (
              <span role="alert" className={styles.errorText}>
                {queryError}
              </span>
            )}
          </div>
        )}
        {source === 'items' && (
          <>
            <h3>{t('row.items')}</h3>
            {wrongKind && <p className={styles.errorText}>{t('row.wrongKind')}</p>}
            {items.length === 0 ? (
              <p className={styles.muted}>{t('row.noItems')}</p>
            ) : (
              <ol className={own.rows} aria-label={t('row.items')}>
                {items.map((it, i) => {
                  const name = it.title || t('row.gone', { id: it.id });
                  return (
                    <li key={`${it.kind}-${it.id}`} className={own.row}>
                      <span className={own.rowTitle}>
                        <span>{name}</span>
                        <span className={`${styles.muted} ${styles.small}`}>{[t(`kinds.${it.kind}`), it.info].filter(Boolean).join(' · ')}</span>
                      </span>
                      <span className={own.rowButtons}>
                        <button type="button" disabled={i === 0} onClick={() => setItems(moved(items, i, i - 1))} aria-label={t('row.up', { title: name })}>
                          ↑
                        </button>
                        <button type="button" disabled={i === items.length - 1} onClick={() => setItems(moved(items, i, i + 1))} aria-label={t('row.down', { title: name })}>
                          ↓
                        </button>
                        <button type="button" onClick={() => setItems(items.filter((_, j) => j !== i))} aria-label={t('row.removeItem', { title: name })}>
                          {t('row.removeShort')}
                        </button>
                      </span>
                    </li>
                  );
                })}
              </ol>
            )}
            {picking ? (
              <ItemPicker kind={kind} chosen={items} onPick={(it) => setItems([...items, it])} onClose={() => setPicking(false)} />
            ) : (
              <div>
                <Button variant="secondary" size="small" onClick={() => setPicking(true)}>
                  {t('row.addItem')}
                </Button>
              </div>
            )}
          </>
        )}
        {save.error && !queryError && (
          <p role="alert" className={styles.errorText}>
            {errorText(tc, save.error)}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {save.isPending ? t('row.saving') : t('row.save')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('row.close')}
          </Button>
          {!deleting && (
            <Button variant="ghost" onClick={() => setDeleting(true)} aria-label={t('row.deleteLabel', { title: row.title })}>
              {t('row.delete')}
            </Button>
          )}
        </div>
        {deleting && (
          <InlineConfirm
            label={t('row.deleteLabel', { title: row.title })}
            question={t('row.deleteQuestion', { title: row.title })}
            action={t('row.delete')}
            busy={del.isPending}
            error={del.error ? errorText(tc, del.error) : null}
            onConfirm={() => del.mutate()}
            onCancel={() => {
              setDeleting(false);
              del.reset();
            }}
          />
        )}
      </form>
    </section>
  );
}
