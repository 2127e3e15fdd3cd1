import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import type { AuditEntry } from '../api/types';
import styles from '../ui/console.module.css';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { AUDIT_PAGE, auditQuery, readFilters, writeFilters, type AuditFilters } from './api';
import own from './audit.module.css';
import { ChangeList } from './ChangeList';

/** The audit log, newest first: filters in the address, 50 entries a page. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const entries = useQuery(auditQuery(filters));
  useTitle(t('audit.title'));

  const go = (next: AuditFilters) => setParams(writeFilters(next));
  const full = (entries.data?.length ?? 0) >= AUDIT_PAGE;

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('audit.title')}</h1>
      </div>
      <FilterForm filters={filters} onApply={(f) => go({ ...f, page: 1 })} />
      {!entries.data ? (
        <QueryState error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <>
          {entries.error && <QueryState error={entries.error} onRetry={() => void entries.refetch()} />}
          {entries.data.length === 0 ? (
            <p className={styles.notice} role="status">
              {t('audit.empty')}
            </p>
          ) : (
            <TableFrame label={t('audit.caption')} busy={entries.isPlaceholderData} className={entries.isPlaceholderData ? own.busy : ''}>
              <EntriesTable entries={entries.data} lng={i18n.language} />
            </TableFrame>
          )}
          <nav className={own.pager} aria-label={t('audit.pages')}>
            <Button variant="secondary" size="small" disabled={filters.page <= 1} onClick={() => go({ ...filters, page: filters.page - 1 })}>
              ← {t('audit.prev')}
            </Button>
            <span aria-current="page">{t('audit.page', { page: filters.page })}</span>
            <Button variant="secondary" size="small" disabled={!full || entries.isPlaceholderData} onClick={() => go({ ...filters, page: filters.page + 1 })}>
              {t('audit.next')} →
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const { t } = useTranslation('operator');
  const [draft, setDraft] = useState(filters);
  const [rangeError, setRangeError] = useState(false);
  const ids = { title: useId(), q: useId(), qHint: useId(), type: useId(), from: useId(), to: useId(), range: useId() };
  const key = JSON.stringify(filters);

  // The form follows the address (back and forward, a reset).
  useEffect(() => {
    setDraft(JSON.parse(key) as AuditFilters);
    setRangeError(false);
  }, [key]);

  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = Boolean(draft.from && draft.to && draft.from > draft.to);
    setRangeError(bad);
    if (!bad) onApply(draft);
  };

  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby={ids.title} noValidate>
      <h2 id={ids.title} className="visually-hidden">
        {t('audit.filters')}
      </h2>
      <div className={own.filters}>
        <div className={styles.control}>
          <label htmlFor={ids.q} className={styles.label}>
            {t('audit.q')}
          </label>
          <input
            id={ids.q}
            className={styles.input}
            type="search"
            value={draft.q}
            maxLength={100}
            aria-describedby={ids.qHint}
            onChange={(e) => set({ q: e.target.value })}
          />
          <span id={ids.qHint} className={styles.hint}>
            {t('audit.qHint')}
          </span>
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.type} className={styles.label}>
            {t('audit.objectType')}
          </label>
          <input id={ids.type} className={`${styles.input} ${styles.mono}`} value={draft.objectType} onChange={(e) => set({ objectType: e.target.value })} spellCheck={false} />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.from} className={styles.label}>
            {t('audit.from')}
          </label>
          <input id={ids.from} className={styles.input} type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.to} className={styles.label}>
            {t('audit.to')}
          </label>
          <input
            id={ids.to}
            className={styles.input}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
            aria-invalid={rangeError || undefined}
            aria-describedby={rangeError ? ids.range : undefined}
          />
        </div>
        <div className={`${own.filterButtons} ${styles.besideField}`}>
          <Button type="submit" size="small">
            {t('audit.apply')}
          </Button>
          <Button size="small" variant="ghost" onClick={() => onApply({ q: '', objectType: '', from: '', to: '', page: 1 })}>
            {t('audit.reset')}
          </Button>
        </div>
      </div>
      {rangeError && (
        <p id={ids.range} role="alert" className={`${styles.errorText} ${styles.small}`}>
          {t('audit.badRange')}
        </p>
      )}
    </form>
  );
}

function EntriesTable({ entries, lng }: { entries: AuditEntry[]; lng: string }) {
  const { t } = useTranslation('operator');
  return (
    <table className={styles.table}>
      <caption>{t('audit.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit.time')}</th>
          <th scope="col">{t('audit.actor')}</th>
          <th scope="col">{t('audit.action')}</th>
          <th scope="col">{t('audit.object')}</th>
          <th scope="col">{t('audit.ip')}</th>
          <th scope="col">{t('audit.changes')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td className={own.when}>
              <time dateTime={e.at}>{formatDateTime(e.at, lng) ?? e.at}</time>
            </td>
            <td className={own.actor}>
              <div>{e.actor || t('common.none')}</div>
              <span className={`${styles.muted} ${styles.small}`}>{t(`audit.kinds.${e.actor_kind}`)}</span>
            </td>
            <th scope="row" className={styles.mono}>
              {e.action}
            </th>
            <td className={styles.mono}>
              {e.object_type}
              {e.object_id && <span className={styles.muted}> #{e.object_id}</span>}
            </td>
            <td className={`${styles.mono} ${styles.nowrap}`}>{e.ip || t('common.none')}</td>
            <td>
              <ChangeList entry={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
