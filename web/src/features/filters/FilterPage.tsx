import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RowList, useRowset } from '@/features/rows';
import { isPrerender } from '@/shared/lib/prerender';
import { useDocumentMeta, useSeoMask } from '@/shared/lib/useDocumentMeta';
import { Button, ErrorState, Spinner } from '@/shared/ui';
import { useFilters } from './api';
import { FilterLinks } from './FilterLinks';
import {
  COUNTRY_LIMIT,
  filterParams,
  FIRST_PAGE,
  hasFilters,
  NEXT_PAGE,
  RATING_OPTIONS,
  readFilters,
  SCROLL_MARGIN_PX,
  withFilter,
  withoutFilters,
  yearOptions,
  type FilterKey,
  type FilterKind,
  type YearOption,
} from './options';
import styles from './FilterPage.module.css';

/** The slug of the page (/movies, /series) and of the rowset whose rows list it. */
const PAGE_SLUG: Record<FilterKind, string> = { movie: 'movies', series: 'series' };

/**
 * Which row lists the page: the first content row of the rowset of the page's slug (the
 * operator's movies or series page, which /movies and /series replace). Request filters
 * replace the row's own (content_type, genre, country, years, rating), so it lists every
 * content of the type that passes them.
 */
function useBackingRow(kind: FilterKind) {
  const rowset = useRowset(PAGE_SLUG[kind]);
  const ref = rowset.data?.rows.find((r) => r.template.startsWith('content'))?.slug ?? '';
  return { ref, failed: rowset.isError || (!!rowset.data && !ref), retry: () => void rowset.refetch() };
}

/**
 * /movies and /series (spec 2 "Filter page"): genre, subgenre, country (first 30), year and
 * rating filters kept in the address, a clear control, the SEO heading and description, the
 * list (first 100, then 50 per page, infinite scroll at 1000 px), a spinner while loading and
 * filters_no_found when nothing matches. Each change starts the list from offset 0.
 * A prerender client gets every filter expanded as links.
 */
export function FilterPage({ kind }: { kind: FilterKind }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const state = readFilters(search);
  const now = useMemo(() => new Date(), []);
  const stateKey = JSON.stringify(state);
  const params = useMemo(() => filterParams(kind, JSON.parse(stateKey), now), [kind, now, stateKey]);
  const options = useFilters(kind, i18n.language).data;
  const backing = useBackingRow(kind);
  const title = kind === 'movie' ? t('filters.moviesTitle') : t('filters.seriesTitle');
  const mask = useSeoMask(`/${PAGE_SLUG[kind]}`);
  const heading = mask?.h1 || title;
  const description = mask?.description || (kind === 'movie' ? t('filters.moviesText') : t('filters.seriesText'));
  useDocumentMeta({ title: mask?.title || title, description });

  const yearTexts: YearTexts = {
    since: (year) => t('filters.yearSince', { year }),
    before: (year) => t('filters.yearBefore', { year }),
    range: (from, to) => t('filters.yearRange', { from, to }),
  };
  const set = (key: FilterKey, value: string) => setSearch(withFilter(search, key, value), { replace: true });
  const [expanded] = useState(isPrerender);
  // The prerender flag is the renderer's, not part of the page's address.
  const href = (key: FilterKey) => (value: string) => {
    const next = withFilter(search, key, value);
    next.delete('prerender');
    return `?${next}`;
  };
  const genres = options?.genres ?? [];
  const fields: FilterField[] = [
    { key: 'genre', label: t('filters.genre'), any: t('filters.anyGenre'), options: genres.map((g) => ({ value: String(g.id), label: g.name })) },
    {
      key: 'subgenre',
      label: t('filters.subgenre'),
      any: t('filters.anySubgenre'),
      disabled: !state.genre,
      options: genres.filter((g) => String(g.id) !== state.genre).map((g) => ({ value: String(g.id), label: g.name })),
    },
    {
      key: 'country',
      label: t('filters.country'),
      any: t('filters.anyCountry'),
      options: (options?.countries ?? []).slice(0, COUNTRY_LIMIT).map((c) => ({ value: String(c.id), label: c.name })),
    },
    { key: 'year', label: t('filters.year'), any: t('filters.anyYear'), options: yearOptions(now).map((o) => ({ value: o.id, label: yearLabel(o, yearTexts) })) },
    {
      key: 'rating',
      label: t('filters.rating'),
      any: t('filters.anyRating'),
      options: RATING_OPTIONS.map((r) => ({ value: String(r), label: t('filters.ratingFrom', { value: r }) })),
    },
  ];

  return (
    <section className={styles.page} aria-labelledby="filters-title">
      <header className={styles.head}>
        <h1 id="filters-title">{heading}</h1>
        <p className={styles.description}>{description}</p>
      </header>
      <form className={`${styles.filters} ${expanded ? styles.open : ''}`} aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
        {fields.map((f) =>
          !expanded ? (
            <Select key={f.key} id={`f-${f.key}`} label={f.label} value={state[f.key]} any={f.any} options={f.options} disabled={f.disabled} onChange={(v) => set(f.key, v)} />
          ) : f.disabled ? null : (
            // A subgenre without its genre is not offered (the select is disabled then).
            <FilterLinks key={f.key} id={`f-${f.key}`} label={f.label} value={state[f.key]} any={f.any} options={f.options} href={href(f.key)} />
          ),
        )}
        {hasFilters(state) && (
          <button type="button" className={styles.clear} onClick={() => setSearch(withoutFilters(search), { replace: true })}>
            {t('filters.clear')}
          </button>
        )}
      </form>
      <div className={styles.results}>
        {backing.failed ? (
          <ErrorState title={t('rows.page.loadError')} actions={<Button onClick={backing.retry}>{t('rows.page.retry')}</Button>} />
        ) : backing.ref ? (
          <Suspense fallback={<Spinner label={t('filters.loading')} />}>
            <RowList
              key={backing.ref}
              rowRef={backing.ref}
              params={params}
              first={FIRST_PAGE}
              next={() => NEXT_PAGE}
              margin={SCROLL_MARGIN_PX}
              grid="poster"
              labelledBy="filters-title"
              empty={<p className={styles.empty}>{t('filters.filters_no_found')}</p>}
              head={(_, total) => <p className={styles.count}>{t('filters.found', { count: total })}</p>}
            />
          </Suspense>
        ) : (
          <Spinner label={t('filters.loading')} />
        )}
      </div>
    </section>
  );
}

interface FilterField {
  key: FilterKey;
  label: string;
  any: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
}

interface YearTexts {
  since: (year: number) => string;
  before: (year: number) => string;
  range: (from: number, to: number) => string;
}

function yearLabel(o: YearOption, tx: YearTexts): string {
  if (o.from != null && o.to == null) return tx.since(o.from);
  if (o.from == null && o.to != null) return tx.before(o.to + 1);
  if (o.from === o.to || o.to == null) return String(o.from);
  return tx.range(o.from!, o.to);
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  any: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A labelled native select: keyboard and screen readers as the platform does them. */
function Select({ id, label, value, any, options, onChange, disabled }: SelectProps) {
  // A value the options do not (yet) list stays selectable, so the address is never rewritten.
  const known = !value || options.some((o) => o.value === value);
  return (
    <div className={`${styles.field} ${value ? styles.active : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{any}</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
