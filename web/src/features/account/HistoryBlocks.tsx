import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { useSession } from '@/shared/session';
import { Badge, Button, FormError, Spinner } from '@/shared/ui';
import { accountKeys, fetchLedger, fetchTransactions, HISTORY_PAGE } from './api';
import { formatDate } from './rules/subscriptionTerm';
import styles from './Account.module.css';

/** Credits carry a plus, so a top-up and a charge differ at a glance. */
export function signedMoney(minor: number, currency: string, lng: string): string {
  return `${minor > 0 ? '+' : ''}${formatMoney(minor, currency, lng)}`;
}

const nextOffset = (last: unknown[], all: unknown[][]) => (last.length < HISTORY_PAGE ? undefined : all.length * HISTORY_PAGE);

/** The viewer's payments (transactions), newest first, 20 at a time. */
export function TransactionsBlock() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const q = useInfiniteQuery({
    queryKey: accountKeys.transactions(token),
    queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: token !== null,
  });
  const rows = q.data?.pages.flat() ?? [];
  return (
    <HistoryCard id="payment-transactions" title={t('account.transactions')} q={q} empty={rows.length === 0 ? t('account.noTransactions') : null}>
      {rows.map((tr) => (
        <li key={tr.id} className={styles.historyRow} data-status={tr.status}>
          <span className={styles.historyMain}>
            <span>
              {t(`account.transactionKinds.${tr.kind}`)}
              {tr.is_test && (
                <>
                  {' '}
                  <Badge>{t('account.testPayment')}</Badge>
                </>
              )}
            </span>
            <span className={styles.muted}>
              {formatDate(tr.created_at, i18n.language, true)}
              {tr.paysystem && ` · ${tr.paysystem}`}
            </span>
            {tr.status === 'error' && tr.status_description && <span className={styles.error}>{tr.status_description}</span>}
          </span>
          <span className={styles.historyAmount}>
            <strong>{formatMoney(tr.amount, tr.currency, i18n.language)}</strong>
            <span className={styles[`status_${tr.status}`] ?? styles.muted}>{t(`account.transactionStatuses.${tr.status}`)}</span>
          </span>
        </li>
      ))}
    </HistoryCard>
  );
}

/** The entries of the balance (top-ups, charges, refunds, promo credits), newest first. */
export function LedgerBlock() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const q = useInfiniteQuery({
    queryKey: accountKeys.ledger(token),
    queryFn: ({ pageParam, signal }) => fetchLedger(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: token !== null,
  });
  const rows = q.data?.pages.flat() ?? [];
  return (
    <HistoryCard id="payment-ledger" title={t('account.ledger')} q={q} empty={rows.length === 0 ? t('account.noLedger') : null}>
      {rows.map((e) => (
        <li key={e.id} className={styles.historyRow}>
          <span className={styles.historyMain}>
            <span>{e.description || t(`account.ledgerKinds.${e.kind}`)}</span>
            <span className={styles.muted}>
              {formatDate(e.created_at, i18n.language, true)}
              {e.description && ` · ${t(`account.ledgerKinds.${e.kind}`)}`}
            </span>
          </span>
          <span className={styles.historyAmount}>
            <strong className={e.amount > 0 ? styles.credit : undefined}>{signedMoney(e.amount, e.currency, i18n.language)}</strong>
            <span className={styles.muted}>{t('account.balanceAfter', { amount: formatMoney(e.balance_after, e.currency, i18n.language) })}</span>
          </span>
        </li>
      ))}
    </HistoryCard>
  );
}

interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

function HistoryCard({ id, title, q, empty, children }: { id: string; title: string; q: PagedQuery; empty: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className={styles.card}>
      <h4 id={id} className={styles.cardTitle}>
        {title}
      </h4>
      {q.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : q.isError ? (
        <FormError message={t('errors.unknown')} />
      ) : empty ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.history}>{children}</ul>
      )}
      {q.hasNextPage && (
        <div>
          <Button size="small" variant="secondary" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {t('account.showMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
