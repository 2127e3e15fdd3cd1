import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, FormError, Spinner } from '@/shared/ui';
import { balanceQuery } from './api';
import { CardsBlock } from './CardsBlock';
import { LedgerBlock, TransactionsBlock } from './HistoryBlocks';
import styles from './Account.module.css';

/**
 * Settings -> payment: the balance with its top-up, the linked cards and the histories of
 * payments and of the balance. Top-up and card linking are the payments area's modals.
 */
export function PaymentSection() {
  return (
    <div className={styles.stack}>
      <BalanceBlock />
      <CardsBlock />
      <TransactionsBlock />
      <LedgerBlock />
    </div>
  );
}

function BalanceBlock() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const { open } = useModalNavigation();
  const { data, isPending, isError } = useQuery(balanceQuery(token));
  return (
    <section aria-labelledby="payment-balance" className={styles.card}>
      <h4 id="payment-balance" className={styles.cardTitle}>
        {t('account.balance')}
      </h4>
      {isPending ? (
        <Spinner label={t('app.loading')} />
      ) : isError ? (
        <FormError message={t('errors.unknown')} />
      ) : (
        <p className={styles.balance}>{formatMoney(data.balance, data.currency, i18n.language)}</p>
      )}
      <div>
        <Button onClick={() => open('refill')}>{t('account.refill')}</Button>
      </div>
    </section>
  );
}
