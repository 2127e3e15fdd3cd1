import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { InlineConfirm } from '../ui/Confirm';
import { fromLocalInput, toLocalInput } from '../ui/dates';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { createNews, deleteNews, newsQuery, pagesKeys, patchNews, type News } from './api';
import { PagesNav } from './PagesNav';
import own from './pages.module.css';

/** The operator's news: written, scheduled, published, hidden, deleted. */
export default function NewsPage() {
  const { t, i18n } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const qc = useQueryClient();
  const list = useQuery(newsQuery());
  const [editing, setEditing] = useState<News | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  useTitle(t('news.title'));
  const refresh = () => void qc.invalidateQueries({ queryKey: pagesKeys.news() });
  const publish = useMutation({
    mutationFn: ({ item, hidden }: { item: News; hidden: boolean }) =>
      patchNews(item.id, hidden ? { hidden: true } : { hidden: false, published_at: Math.min(item.published_at, Math.floor(Date.now() / 1000)) }),
    onSuccess: (n) => {
      refresh();
      setStatus(n.hidden ? t('news.hiddenNow', { title: n.title }) : t('news.publishedNow', { title: n.title }));
    },
  });
  const del = useMutation({
    mutationFn: deleteNews,
    onSuccess: () => {
      refresh();
      setDeleting(null);
      setStatus(t('news.deleted'));
    },
  });
  const when = (s: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(s * 1000));
  const state = (n: News) => (n.hidden ? t('news.stateHidden') : n.published_at * 1000 > Date.now() ? t('news.stateScheduled') : t('news.statePublished'));

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
        {editing === null && <Button onClick={() => setEditing('new')}>{t('news.new')}</Button>}
      </div>
      <PagesNav />
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {editing !== null && (
        <NewsForm
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          onDone={(saved) => {
            if (saved) {
              refresh();
              setStatus(t('news.saved', { title: saved.title }));
            }
            setEditing(null);
          }}
        />
      )}
      {(publish.error || del.error) && (
        <p role="alert" className={styles.errorText}>
          {errorText(tc, publish.error ?? del.error)}
        </p>
      )}
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('news.none')}</p>
      ) : (
        <TableFrame label={t('news.caption')}>
          <table className={styles.table}>
            <caption>{t('news.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('news.titleField')}</th>
                <th scope="col">{t('news.publishedAt')}</th>
                <th scope="col">{t('news.state')}</th>
                <th scope="col">{t('news.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((n) => (
                <tr key={n.id}>
                  <th scope="row">{n.title}</th>
                  <td className={styles.nowrap}>{when(n.published_at)}</td>
                  <td>
                    <span className={styles.pill} data-tone={n.hidden ? 'warn' : 'good'}>
                      {state(n)}
                    </span>
                  </td>
                  <td>
                    {deleting === n.id ? (
                      <InlineConfirm
                        label={t('news.deleteLabel', { title: n.title })}
                        question={t('news.deleteQuestion', { title: n.title })}
                        action={t('news.delete')}
                        busy={del.isPending}
                        onConfirm={() => del.mutate(n.id)}
                        onCancel={() => setDeleting(null)}
                      />
                    ) : (
                      <div className={styles.actions}>
                        <button type="button" onClick={() => setEditing(n)} aria-label={t('news.edit', { title: n.title })}>
                          {t('news.editShort')}
                        </button>
                        <button
                          type="button"
                          disabled={publish.isPending}
                          onClick={() => publish.mutate({ item: n, hidden: !n.hidden })}
                          aria-label={n.hidden ? t('news.publish', { title: n.title }) : t('news.hide', { title: n.title })}
                        >
                          {n.hidden ? t('news.publishShort') : t('news.hideShort')}
                        </button>
                        <button type="button" onClick={() => setDeleting(n.id)} aria-label={t('news.deleteLabel', { title: n.title })}>
                          {t('news.delete')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

function NewsForm({ item, onDone }: { item: News | null; onDone: (saved: News | null) => void }) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const id = useId();
  const [title, setTitle] = useState(item?.title ?? '');
  const [lead, setLead] = useState(item?.lead ?? '');
  const [body, setBody] = useState(item?.body ?? '');
  const [image, setImage] = useState(item?.image ?? '');
  const [at, setAt] = useState(toLocalInput(item ? new Date(item.published_at * 1000) : new Date()));
  const [hidden, setHidden] = useState(item?.hidden ?? false);
  const save = useMutation({
    mutationFn: () => {
      const published = fromLocalInput(at) ?? Math.floor(Date.now() / 1000);
      const input = { title: title.trim(), lead, body, image, published_at: published, hidden };
      return item ? patchNews(item.id, input) : createNews(input);
    },
    onSuccess: (n) => onDone(n),
  });
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{item ? t('news.editing', { title: item.title }) : t('news.new')}</h2>
      <form
        className={styles.section}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <label className={styles.control}>
          <span>{t('news.titleField')}</span>
          <input className={styles.input} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </label>
        <label className={styles.control}>
          <span>{t('news.lead')}</span>
          <input className={styles.input} value={lead} onChange={(e) => setLead(e.target.value)} maxLength={1000} />
        </label>
        <label className={styles.control}>
          <span>{t('news.body')}</span>
          <textarea className={own.textarea} value={body} onChange={(e) => setBody(e.target.value)} maxLength={20000} />
        </label>
        <div className={styles.formRow}>
          <label className={`${styles.control} ${styles.grow}`}>
            <span>{t('news.image')}</span>
            <input className={styles.input} value={image} onChange={(e) => setImage(e.target.value)} placeholder="https://" />
          </label>
          <label className={styles.control}>
            <span>{t('news.publishedAt')}</span>
            <input className={styles.input} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} required />
          </label>
          <label className={`${styles.nowrap} ${styles.besideField}`}>
            <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> {t('news.hidden')}
          </label>
        </div>
        {save.error && (
          <p role="alert" className={styles.errorText}>
            {errorText(tc, save.error)}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {t('news.save')}
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)}>
            {t('news.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
