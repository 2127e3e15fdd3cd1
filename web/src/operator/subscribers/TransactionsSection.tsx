import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { StaffTransaction } from '../api/types';
import { Permission } from '../api/types';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { StatusNote, useFocusLater } from '../ui/Confirm';
import { formatDateTime, formatMoney } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { MONEY_PAGE, transactionsQuery } from './api';
import own from './card.module.css';
import { paymentKind, paymentNote, refundable } from './labels';
import { Pager } from './Pager';
import { RefundForm } from './RefundForm';

const statusTone = (s: StaffTransaction['status']) => (s === 'complete' ? 'good' : s === 'error' ? 'bad' : s === 'unknown' ? 'warn' : undefined);

/** The subscriber's payments, newest first (money.read); refunds need money.write. */
export function TransactionsSection({ id }: { id: string }) {
  const { t, i18n } = useTranslation('operator');
  const writable = useCan(Permission.moneyWrite);
  const [page, setPage] = useState(1);
  const list = useQuery(transactionsQuery(id, page));
  const [refunding, setRefunding] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const table = useRef<HTMLTableElement>(null);
  const focusLater = useFocusLater();
  const uid = useId();
  const lng = i18n.language;
  const none = t('common.none');

  const close = (txId: number, message?: string) => {
    setRefunding(null);
    if (message) setDone(message);
    focusLater(() => table.current?.querySelector<HTMLElement>(`[data-refund="${txId}"]`) ?? table.current?.querySelector<HTMLElement>(`[data-payment="${txId}"]`));
  };
  const columns = writable ? 8 : 7;

  return (
    <section aria-labelledby="card-payments" className={styles.section}>
      <h2 id="card-payments">{t('payments.title')}</h2>
      <StatusNote text={done} />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.error && <QueryState error={list.error} onRetry={() => void list.refetch()} />}
          {list.data.length === 0 && page === 1 ? (
            <p className={styles.muted}>{t('payments.none')}</p>
          ) : (
            <TableFrame label={t('payments.caption')} busy={list.isPlaceholderData} className={own.container}>
              <table className={styles.table} ref={table}>
                <caption>{t('payments.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('payments.date')}</th>
                    <th scope="col">
                      {t('payments.kind')}{' '}
                      <span className={own.subhead}>{t('payments.packet')}</span>
                    </th>
                    <th scope="col">{t('payments.status')}</th>
                    <th scope="col" className={own.right}>
                      {t('payments.amount')}
                    </th>
                    <th scope="col" className={own.right}>
                      {t('payments.refunded')}
                    </th>
                    <th scope="col" className={own.wrapHead}>
                      {t('payments.paysystem')}{' '}
                      <span className={own.subhead}>{t('payments.gateway')}</span>
                    </th>
                    <th scope="col">{t('payments.note')}</th>
                    {writable && (
                      <th scope="col">
                        <span className="visually-hidden">{t('card.actions')}</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((tx) => {
                    const left = refundable(tx);
                    const rowHeader = `${uid}-tx-${tx.id}`;
                    const note = tx.status_description ? (paymentNote(t, tx.status_description) ?? tx.status_description) : none;
                    return (
                      <Fragment key={tx.id}>
                        <tr>
                          <th scope="row" id={rowHeader} className={own.when} data-payment={tx.id} tabIndex={-1}>
                            <time dateTime={tx.created_at}>{formatDateTime(tx.created_at, lng) ?? tx.created_at}</time>
                            <div className={`${styles.muted} ${styles.small}`}>#{tx.id}</div>
                          </th>
                          <td>
                            {paymentKind(t, tx.kind)}
                            {tx.packet_name && <div className={`${styles.muted} ${styles.small}`}>{tx.packet_name}</div>}
                          </td>
                          <td>
                            <span className={styles.pill} data-tone={statusTone(tx.status)}>
                              {t(`payments.statuses.${tx.status}`)}
                            </span>
                          </td>
                          <td className={`${styles.num} ${own.right}`}>{formatMoney(tx.amount, tx.currency, lng)}</td>
                          <td className={`${styles.num} ${own.right}`} data-testid={`refunded-${tx.id}`}>
                            {tx.refunded > 0 ? formatMoney(tx.refunded, tx.currency, lng) : none}
                          </td>
                          <td>
                            {tx.paysystem || none}
                            {tx.gateway && <div className={`${styles.mono} ${styles.muted}`}>{tx.gateway}</div>}
                          </td>
                          <td className={own.note}>{note}</td>
                          {writable && (
                            <td>
                              {left > 0 && refunding !== tx.id && (
                                <Button
                                  size="small"
                                  variant="secondary"
                                  data-refund={tx.id}
                                  aria-describedby={rowHeader}
                                  onClick={() => {
                                    setDone('');
                                    setRefunding(tx.id);
                                  }}
                                >
                                  {t('payments.refund')}
                                </Button>
                              )}
                            </td>
                          )}
                        </tr>
                        {writable && refunding === tx.id && (
                          <tr className={own.formRow}>
                            <td colSpan={columns} className={own.formCell}>
                              <RefundForm
                                id={id}
                                tx={tx}
                                page={page}
                                onDone={(message) => close(tx.id, message)}
                                onCancel={() => close(tx.id)}
                              />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </TableFrame>
          )}
          {(page > 1 || list.data.length >= MONEY_PAGE) && (
            <Pager label={t('payments.pages')} page={page} hasNext={list.data.length >= MONEY_PAGE && !list.isPlaceholderData} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}
