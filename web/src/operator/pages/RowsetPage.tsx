import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { useTitle } from '../ui/useTitle';
import { createRow, isHome, moved, pagesKeys, rowsetQuery, saveRowOrder, vocabularyQuery, type Row, type Rowset, type Vocabulary } from './api';
import { PagesNav } from './PagesNav';
import own from './pages.module.css';
import { RowEditor } from './RowEditor';
import { RowsetTitleForm } from './RowsetTitleForm';
import { TemplateSelect, useTemplateLabel } from './TemplateSelect';

/** A rowset's rows: their order (drag, or the arrows), new rows, and one row's editor. */
export default function RowsetPage() {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const rowset = useQuery(rowsetQuery(id));
  const vocabulary = useQuery(vocabularyQuery());
  const templateLabel = useTemplateLabel();
  const [editing, setEditing] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const name = rowset.data ? (isHome(rowset.data) ? t('rowsets.home') : rowset.data.title) : null;
  useTitle(name);

  const put = (data: Rowset) => {
    qc.setQueryData(pagesKeys.rowset(id), data);
    void qc.invalidateQueries({ queryKey: pagesKeys.rowsets() });
  };
  const order = useMutation({
    mutationFn: (ids: number[]) => saveRowOrder(id, ids),
    onSuccess: (data) => {
      put(data);
      setStatus(t('rows.orderSaved'));
    },
  });
  const rows = rowset.data?.rows ?? [];
  const ids = rows.map((r) => r.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    order.mutate(moved(ids, from, to));
  };
  const remove = (row: Row) => order.mutate(ids.filter((x) => x !== row.id));
  const editingRow = rows.find((r) => r.id === editing);

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{name ?? t('title')}</h1>
        <Link to={paths.pages}>{t('rows.back')}</Link>
      </div>
      <PagesNav />
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {!rowset.data ? (
        <QueryState error={rowset.error} onRetry={() => void rowset.refetch()} />
      ) : (
        <>
          <section className={styles.section} aria-labelledby="rows-h">
            <h2 id="rows-h">{t('rows.title')}</h2>
            <p className={`${styles.muted} ${styles.small}`}>{t('rows.intro')}</p>
            {order.error && (
              <p role="alert" className={styles.errorText}>
                {errorText(tc, order.error)}
              </p>
            )}
            {rows.length === 0 ? (
              <p className={styles.muted}>{t('rows.none')}</p>
            ) : (
              <ol className={own.rows} aria-label={t('rows.title')} aria-busy={order.isPending || undefined}>
                {rows.map((row, i) => (
                  <li
                    key={row.id}
                    className={own.row}
                    draggable
                    data-dragging={dragging === i || undefined}
                    data-over={over === i || undefined}
                    onDragStart={(e) => {
                      setDragging(i);
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', String(row.id));
                    }}
                    onDragOver={(e) => {
                      e.preventDefault();
                      setOver(i);
                    }}
                    onDragLeave={() => setOver(null)}
                    onDragEnd={() => {
                      setDragging(null);
                      setOver(null);
                    }}
                    onDrop={(e) => {
                      e.preventDefault();
                      if (dragging !== null) move(dragging, i);
                      setDragging(null);
                      setOver(null);
                    }}
                  >
                    <span className={own.handle} aria-hidden="true">
                      ⠿
                    </span>
                    <span className={own.rowTitle}>
                      <span>{row.title}</span>
                      <span className={`${styles.muted} ${styles.small}`}>
                        {templateLabel(row.template)} · {t(`sources.${row.source}`)}
                        {row.source === 'items' ? ` · ${t('rows.itemCount', { n: row.items.length })}` : ''}
                      </span>
                    </span>
                    <span className={own.rowButtons}>
                      <button type="button" disabled={i === 0 || order.isPending} onClick={() => move(i, i - 1)} aria-label={t('rows.up', { title: row.title })}>
                        ↑
                      </button>
                      <button
                        type="button"
                        disabled={i === rows.length - 1 || order.isPending}
                        onClick={() => move(i, i + 1)}
                        aria-label={t('rows.down', { title: row.title })}
                      >
                        ↓
                      </button>
                      <button type="button" onClick={() => setEditing(row.id)} aria-label={t('rows.edit', { title: row.title })}>
                        {t('rows.editShort')}
                      </button>
                      <button type="button" disabled={order.isPending} onClick={() => remove(row)} aria-label={t('rows.remove', { title: row.title })}>
                        {t('rows.removeShort')}
                      </button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <RowsetTitleForm
            key={`${rowset.data.id}:${rowset.data.title}:${rowset.data.description}`}
            rowset={rowset.data}
            onSaved={(saved) => {
              qc.setQueryData<Rowset>(pagesKeys.rowset(id), (old) => (old ? { ...old, title: saved.title, description: saved.description } : old));
              void qc.invalidateQueries({ queryKey: pagesKeys.rowsets() });
              setStatus(t('rowset.saved', { title: saved.title }));
            }}
          />
          {editingRow ? (
            <RowEditor
              key={editingRow.id}
              row={editingRow}
              vocabulary={vocabulary.data}
              onSaved={(saved) => {
                qc.setQueryData<Rowset>(pagesKeys.rowset(id), (old) => (old ? { ...old, rows: (old.rows ?? []).map((r) => (r.id === saved.id ? saved : r)) } : old));
                setStatus(t('row.saved', { title: saved.title }));
              }}
              onDeleted={(gone) => {
                setEditing(null);
                qc.setQueryData<Rowset>(pagesKeys.rowset(id), (old) =>
                  old ? { ...old, rows: (old.rows ?? []).filter((r) => r.id !== gone.id), rows_count: Math.max(0, old.rows_count - 1) } : old,
                );
                void qc.invalidateQueries({ queryKey: pagesKeys.rowsets() });
                setStatus(t('row.deleted', { title: gone.title }));
              }}
              onClose={() => setEditing(null)}
            />
          ) : (
            <AddRowForm
              rowsetId={id}
              vocabulary={vocabulary.data}
              onAdded={(row) => {
                qc.setQueryData<Rowset>(pagesKeys.rowset(id), (old) => (old ? { ...old, rows: [...(old.rows ?? []), row], rows_count: old.rows_count + 1 } : old));
                void qc.invalidateQueries({ queryKey: pagesKeys.rowsets() });
                setStatus(t('rows.added', { title: row.title }));
                setEditing(row.id);
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

function AddRowForm({ rowsetId, vocabulary, onAdded }: { rowsetId: number; vocabulary: Vocabulary | undefined; onAdded: (row: Row) => void }) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const [title, setTitle] = useState('');
  const [template, setTemplate] = useState('content-v');
  const add = useMutation({
    mutationFn: () => createRow(rowsetId, { title: title.trim(), template, source: 'items' }),
    onSuccess: (row) => {
      setTitle('');
      onAdded(row);
    },
  });
  return (
    <section className={styles.panel} aria-labelledby="add-row-h">
      <h2 id="add-row-h">{t('rows.addTitle')}</h2>
      <form
        className={styles.formRow}
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <label className={`${styles.control} ${styles.grow}`}>
          <span>{t('row.title')}</span>
          <input className={styles.input} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </label>
        <TemplateSelect value={template} onChange={setTemplate} vocabulary={vocabulary} />
        <Button type="submit" className={styles.besideField} aria-disabled={add.isPending || undefined}>
          {t('rows.add')}
        </Button>
      </form>
      {add.error && (
        <p role="alert" className={styles.errorText}>
          {errorText(tc, add.error)}
        </p>
      )}
    </section>
  );
}
