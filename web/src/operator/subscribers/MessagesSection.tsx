import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';
import styles from '../ui/console.module.css';
import { formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { subscriberKeys } from './api';
import { Pager } from './Pager';

type SentMessage = components['schemas']['SubscriberMessage'];

const PAGE = 20;

/** The messages the subscriber was sent, newest first; those the viewer removed say so. */
export function MessagesSection({ id }: { id: string }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc, i18n } = useTranslation('operator');
  const [page, setPage] = useState(1);
  const messages = useQuery({
    queryKey: [...subscriberKeys.card(id), 'messages', page],
    queryFn: ({ signal }) =>
      consoleFetch<SentMessage[]>(`/subscribers/${encodeURIComponent(id)}/messages`, { query: { limit: PAGE, offset: (page - 1) * PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="card-messages" className={styles.section}>
      <h2 id="card-messages">{t('card.messagesTitle')}</h2>
      {!messages.data ? (
        <QueryState error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 && page === 1 ? (
        <p className={styles.muted}>{t('card.noMessages')}</p>
      ) : (
        <>
          <TableFrame label={t('card.messagesCaption')} busy={messages.isFetching}>
            <table className={styles.table}>
              <caption>{t('card.messagesCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('messages.title')}</th>
                  <th scope="col">{t('messages.text')}</th>
                  <th scope="col">{t('report.when')}</th>
                  <th scope="col">{t('messages.status')}</th>
                </tr>
              </thead>
              <tbody>
                {messages.data.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">{m.title}</th>
                    <td className={styles.small}>{m.text.length > 160 ? `${m.text.slice(0, 160)}…` : m.text}</td>
                    <td className={styles.nowrap}>{formatUnixDateTime(m.created_at, i18n.language) ?? tc('common.none')}</td>
                    <td>
                      <span className={styles.pill} data-tone={m.removed ? 'warn' : 'good'}>
                        {m.removed ? t('card.removed') : t('card.delivered')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          {(page > 1 || messages.data.length === PAGE) && (
            <Pager label={t('card.messagesPages')} page={page} hasNext={messages.data.length === PAGE} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}
