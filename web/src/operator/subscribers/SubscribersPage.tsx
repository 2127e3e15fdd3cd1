import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import type { SubscriberRow } from '../api/types';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { formatDate } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { SEARCH_LIMIT, subscriberName, subscriberSearchQuery } from './api';
import { SubscribersCsv } from './SubscribersCsv';

/** Subscribers: one search field (phone, login, e-mail or ID) and the matches. */
export default function SubscribersPage() {
  const { t, i18n } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const inputId = useId();
  const hintId = useId();
  const results = useQuery(subscriberSearchQuery(q));
  useTitle(t('subscribers.title'));

  // The field follows the address (back and forward through earlier searches).
  useEffect(() => setDraft(q), [q]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    setParams(value ? { q: value } : {});
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('subscribers.title')}</h1>
      </div>
      <form role="search" className={`${styles.panel} ${styles.formRow}`} onSubmit={submit}>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={inputId} className={styles.label}>
            {t('subscribers.search')}
          </label>
          <input
            id={inputId}
            className={styles.input}
            type="search"
            name="q"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={100}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            autoFocus={!q}
          />
          <span id={hintId} className={styles.hint}>
            {t('subscribers.searchHint')}
          </span>
        </div>
        <Button type="submit" size="small" className={styles.besideField}>
          {t('subscribers.searchButton')}
        </Button>
      </form>
      {!q ? (
        <p className={styles.muted}>{t('subscribers.prompt')}</p>
      ) : !results.data ? (
        <QueryState error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.length === 0 ? (
        <p className={styles.notice} role="status">
          {t('subscribers.nothing', { q })}
        </p>
      ) : (
        <div className={styles.results}>
          <p className={`${styles.muted} ${styles.small}`} role="status">
            {t('subscribers.found', { count: results.data.length })}
            {results.data.length >= SEARCH_LIMIT && ` ${t('subscribers.more', { limit: SEARCH_LIMIT })}`}
          </p>
          <ResultsTable rows={results.data} q={q} lng={i18n.language} search={location.search} />
        </div>
      )}
      <SubscribersCsv />
    </div>
  );
}

function ResultsTable({ rows, q, lng, search }: { rows: SubscriberRow[]; q: string; lng: string; search: string }) {
  const { t } = useTranslation('operator');
  return (
    <TableFrame label={t('subscribers.caption', { q })}>
      <table className={styles.table}>
        <caption>{t('subscribers.caption', { q })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('subscribers.id')}</th>
            <th scope="col">{t('subscribers.name')}</th>
            <th scope="col">{t('subscribers.login')}</th>
            <th scope="col">{t('subscribers.phone')}</th>
            <th scope="col">{t('subscribers.email')}</th>
            <th scope="col">{t('subscribers.created')}</th>
            <th scope="col">{t('subscribers.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id}>
              <td className={styles.num}>{s.id}</td>
              <th scope="row">
                <Link to={paths.subscriber(s.id)} state={{ search }} className={styles.strong}>
                  {subscriberName(s)}
                </Link>
              </th>
              <td>{s.username || t('common.none')}</td>
              <td className={styles.num}>{s.phone || t('common.none')}</td>
              <td>{s.email || t('common.none')}</td>
              <td className={styles.nowrap}>{formatDate(s.created_at, lng) ?? t('common.none')}</td>
              <td>
                <span className={styles.pill} data-tone={s.blocked ? 'bad' : 'good'}>
                  {s.blocked ? t('subscribers.blocked') : t('subscribers.active')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
