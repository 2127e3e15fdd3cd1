import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/shared/ui/Button';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { CONTENT_TYPES, PAGE_SIZE, STATUSES, contentsQuery, librariesQuery, type ContentFilter, type ContentRow } from './api';
import { CatalogNav } from './CatalogNav';
import own from './catalog.module.css';

/** The catalogue: films, series and programmes, searched by title and filtered by type, status and library. */
export default function CatalogPage() {
  const { t } = useTranslation('operator-catalog');
  const [params, setParams] = useSearchParams();
  const filter: ContentFilter = {
    q: (params.get('q') ?? '').trim(),
    type: params.get('type') ?? '',
    status: params.get('status') ?? '',
    library: params.get('library') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [draft, setDraft] = useState(filter.q);
  useEffect(() => setDraft(filter.q), [filter.q]);
  const list = useQuery(contentsQuery(filter));
  const libraries = useQuery(librariesQuery());
  const ids = { q: useId(), type: useId(), status: useId(), library: useId() };
  useTitle(t('title'));

  const set = (changes: Partial<Record<'q' | 'type' | 'status' | 'library' | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ q: draft.trim() });
  };
  const libraryName = (id: number | null) => libraries.data?.find((l) => l.id === id)?.name ?? '';

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
        <span className={styles.actions}>
          <ButtonLink to={`${paths.catalogNew}?type=movie`} size="small">
            {t('list.newFilm')}
          </ButtonLink>
          <ButtonLink to={`${paths.catalogNew}?type=series`} size="small" variant="secondary">
            {t('list.newSeries')}
          </ButtonLink>
        </span>
      </div>
      <CatalogNav />
      <form role="search" className={`${styles.panel} ${styles.formRow}`} onSubmit={submit}>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.q} className={styles.label}>
            {t('list.search')}
          </label>
          <input
            id={ids.q}
            className={styles.input}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={200}
            autoComplete="off"
          />
        </div>
        <Button type="submit" size="small" className={styles.besideField}>
          {t('list.searchButton')}
        </Button>
        <div className={styles.control}>
          <label htmlFor={ids.type} className={styles.label}>
            {t('list.type')}
          </label>
          <select id={ids.type} className={styles.select} value={filter.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">{t('list.anyType')}</option>
            {[...CONTENT_TYPES, 'program' as const].map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.status} className={styles.label}>
            {t('list.status')}
          </label>
          <select id={ids.status} className={styles.select} value={filter.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t('list.anyStatus')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.library} className={styles.label}>
            {t('list.library')}
          </label>
          <select id={ids.library} className={styles.select} value={filter.library} onChange={(e) => set({ library: e.target.value })}>
            <option value="">{t('list.anyLibrary')}</option>
            {(libraries.data ?? []).map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      </form>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className={styles.notice} role="status">
          {t('list.empty')}
        </p>
      ) : (
        <div className={styles.results}>
          <p className={`${styles.muted} ${styles.small}`} role="status">
            {t('list.found', { count: list.data.total })}
          </p>
          <ContentTable rows={list.data.items} caption={t('list.caption')} libraryName={libraryName} />
          <nav className={styles.actions} aria-label={t('list.pages')}>
            <Button variant="secondary" size="small" disabled={filter.page <= 1} onClick={() => set({ page: String(filter.page - 1) })}>
              ← {t('list.prev')}
            </Button>
            <span aria-current="page">{t('list.page', { page: filter.page })}</span>
            <Button
              variant="secondary"
              size="small"
              disabled={filter.page * PAGE_SIZE >= list.data.total}
              onClick={() => set({ page: String(filter.page + 1) })}
            >
              {t('list.next')} →
            </Button>
          </nav>
        </div>
      )}
    </div>
  );
}

/** Contents as a table: each title opens its editor. */
export function ContentTable({
  rows,
  caption,
  libraryName,
}: {
  rows: ContentRow[];
  caption: string;
  libraryName?: (id: number | null) => string;
}) {
  const { t } = useTranslation('operator-catalog');
  return (
    <TableFrame label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('list.id')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('editor.poster')}</span>
            </th>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.type')}</th>
            <th scope="col">{t('list.year')}</th>
            <th scope="col">{t('list.age')}</th>
            {libraryName && <th scope="col">{t('list.library')}</th>}
            <th scope="col">{t('list.video')}</th>
            <th scope="col">{t('list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <td className={styles.num}>{c.id}</td>
              <td>
                <img src={c.poster} alt="" className={own.thumb} loading="lazy" />
              </td>
              <th scope="row">
                <Link to={paths.catalogContent(c.id)} className={styles.strong}>
                  {c.type === 'episode' && c.episode > 0 ? `${c.episode}. ${c.title}` : c.title}
                </Link>
                {c.original_title && c.original_title !== c.title && <span className={`${styles.muted} ${styles.small}`}> · {c.original_title}</span>}
              </th>
              <td>{t(`types.${c.type as 'movie'}`, { defaultValue: c.type })}</td>
              <td className={styles.num}>{c.year || '—'}</td>
              <td className={styles.num}>{t('editor.ageValue', { age: c.age })}</td>
              {libraryName && <td>{libraryName(c.library_id) || '—'}</td>}
              <td>{c.has_source ? t('list.hasVideo') : t('list.noVideo')}</td>
              <td>
                <span className={styles.pill} data-tone={c.status === 'published' ? 'good' : c.status === 'hidden' ? 'warn' : 'bad'}>
                  {t(`statuses.${c.status}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
