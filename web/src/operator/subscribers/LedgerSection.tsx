import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { LedgerEntry, SubscriberCard } from '../api/types';
import { Permission } from '../api/types';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { StatusNote, useFocusLater } from '../ui/Confirm';
import { formatMoney, formatSignedMoney, formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { AdjustForm } from './AdjustForm';
import { ledgerQuery, MONEY_PAGE } from './api';
import own from './card.module.css';
import { Pager } from './Pager';

type Account = NonNullable<SubscriberCard['account']>;

/** The balance and its ledger, newest first (money.read); adjusting it needs money.write. */
export function LedgerSection({ id, account }: { id: string; account: Account }) {
  const { t, i18n } = useTranslation('operator');
  const writable = useCan(Permission.moneyWrite);
  const [page, setPage] = useState(1);
  const entries = useQuery(ledgerQuery(id, page));
  const [adjusting, setAdjusting] = useState(false);
  const [done, setDone] = useState('');
  const opener = useRef<HTMLSpanElement>(null);
  const focusLater = useFocusLater();
  const lng = i18n.language;

  const close = (message?: string) => {
    setAdjusting(false);
    if (message) {
      setDone(message);
      setPage(1);
    }
    focusLater(() => opener.current?.querySelector('button'));
  };

  return (
    <section aria-labelledby="card-ledger" className={styles.section}>
      <div className={own.sectionHead}>
        <h2 id="card-ledger">{t('money.title')}</h2>
        <span className={own.balance}>
          <span className={styles.muted}>{t('money.balance')}</span>{' '}
          <strong className={styles.num}>{formatMoney(account.balance, account.currency, lng)}</strong>
        </span>
        {writable && (
          <span ref={opener}>
            <Button
              size="small"
              variant="secondary"
              aria-expanded={adjusting}
              onClick={() => {
                setDone('');
                setAdjusting((a) => !a);
              }}
            >
              {t('money.adjust')}
            </Button>
          </span>
        )}
      </div>
      <StatusNote text={done} />
      {adjusting && <AdjustForm id={id} account={account} onDone={close} onCancel={() => close()} />}
      {!entries.data ? (
        <QueryState error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <>
          {entries.error && <QueryState error={entries.error} onRetry={() => void entries.refetch()} />}
          {entries.data.length === 0 && page === 1 ? (
            <p className={styles.muted}>{t('money.noEntries')}</p>
          ) : (
            <TableFrame label={t('money.caption')} busy={entries.isPlaceholderData}>
              <LedgerTable entries={entries.data} lng={lng} />
            </TableFrame>
          )}
          {(page > 1 || entries.data.length >= MONEY_PAGE) && (
            <Pager
              label={t('money.pages')}
              page={page}
              hasNext={entries.data.length >= MONEY_PAGE && !entries.isPlaceholderData}
              onPage={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}

function LedgerTable({ entries, lng }: { entries: LedgerEntry[]; lng: string }) {
  const { t } = useTranslation('operator');
  const none = t('common.none');
  return (
    <table className={styles.table}>
      <caption>{t('money.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('money.date')}</th>
          <th scope="col">{t('money.kind')}</th>
          <th scope="col" className={own.right}>
            {t('money.amount')}
          </th>
          <th scope="col" className={own.right}>
            {t('money.balanceAfter')}
          </th>
          <th scope="col">{t('money.description')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td className={styles.nowrap}>{formatUnixDateTime(e.created_at, lng) ?? none}</td>
            <th scope="row">{t(`money.kinds.${e.kind}`)}</th>
            <td className={`${styles.num} ${own.right}`} data-tone={e.amount < 0 ? 'out' : 'in'}>
              {formatSignedMoney(e.amount, e.currency, lng)}
            </td>
            <td className={`${styles.num} ${own.right}`}>{formatMoney(e.balance_after, e.currency, lng)}</td>
            <td className={own.note}>{e.description || none}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
