import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';
import styles from '../ui/console.module.css';
import { formatMoney, formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { subscriberKeys } from './api';
import { Pager } from './Pager';

type PromoUse = components['schemas']['SubscriberPromoUse'];

const PAGE = 20;

/** The promo keys the subscriber redeemed, newest first, with what each gave. */
export function PromoUsesSection({ id }: { id: string }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc, i18n } = useTranslation('operator');
  const [page, setPage] = useState(1);
  const uses = useQuery({
    queryKey: [...subscriberKeys.card(id), 'promo_uses', page],
    queryFn: ({ signal }) =>
      consoleFetch<PromoUse[]>(`/subscribers/${encodeURIComponent(id)}/promo_uses`, { query: { limit: PAGE, offset: (page - 1) * PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  const lng = i18n.language;
  const gave = (u: PromoUse) =>
    u.kind === 'balance' ? t('promo.givesBalance', { amount: formatMoney(u.amount, u.currency || 'RUB', lng) }) : t('promo.givesDays', { count: u.days });

  return (
    <section aria-labelledby="card-promo" className={styles.section}>
      <h2 id="card-promo">{t('card.promoTitle')}</h2>
      {!uses.data ? (
        <QueryState error={uses.error} onRetry={() => void uses.refetch()} />
      ) : uses.data.length === 0 && page === 1 ? (
        <p className={styles.muted}>{t('card.noPromo')}</p>
      ) : (
        <>
          <TableFrame label={t('card.promoCaption')} busy={uses.isFetching}>
            <table className={styles.table}>
              <caption>{t('card.promoCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('report.key')}</th>
                  <th scope="col">{t('report.campaign')}</th>
                  <th scope="col">{t('promo.gives')}</th>
                  <th scope="col">{t('report.when')}</th>
                </tr>
              </thead>
              <tbody>
                {uses.data.map((u) => (
                  <tr key={`${u.key}-${u.created_at}`}>
                    <th scope="row" className={styles.mono}>
                      {u.key}
                    </th>
                    <td>{u.campaign_name}</td>
                    <td>{gave(u)}</td>
                    <td className={styles.nowrap}>{formatUnixDateTime(u.created_at, lng) ?? tc('common.none')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          {(page > 1 || uses.data.length === PAGE) && <Pager label={t('card.promoPages')} page={page} hasNext={uses.data.length === PAGE} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
