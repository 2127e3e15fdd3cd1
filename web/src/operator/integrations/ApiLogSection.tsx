import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { apiLogQuery, PAGE } from './api';
import { Pager } from './Pager';

/** The provider API's requests, the newest first, a page at a time. */
export function ApiLogSection() {
  const { t, i18n } = useTranslation('operator-integrations');
  const [offset, setOffset] = useState(0);
  const log = useQuery({ ...apiLogQuery(offset), placeholderData: keepPreviousData });
  return (
    <section className={styles.section} aria-labelledby="integrations-log">
      <h2 id="integrations-log">{t('log.heading')}</h2>
      {!log.data ? (
        <QueryState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 && offset === 0 ? (
        <p className={styles.muted}>{t('log.empty')}</p>
      ) : (
        <>
          <TableFrame label={t('log.caption')} busy={log.isPlaceholderData}>
            <table className={styles.table}>
              <caption>{t('log.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('log.at')}</th>
                  <th scope="col">{t('log.token')}</th>
                  <th scope="col">{t('log.request')}</th>
                  <th scope="col">{t('log.status')}</th>
                  <th scope="col">{t('log.duration')}</th>
                  <th scope="col">{t('log.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.map((r) => (
                  <tr key={r.id}>
                    <td className={styles.nowrap}>{formatDateTime(r.at, i18n.language)}</td>
                    <td>{r.token_name}</td>
                    <th scope="row" className={styles.mono}>
                      {r.method} {r.path}
                    </th>
                    <td className={styles.num}>{r.status}</td>
                    <td className={styles.num}>{t('log.durationValue', { ms: r.duration_ms })}</td>
                    <td className={styles.mono}>{r.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pager label={t('log.pager', { list: t('log.heading') })} offset={offset} more={log.data.length === PAGE} onMove={setOffset} />
        </>
      )}
    </section>
  );
}
