import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '@/shared/api/errors';
import type { SubscriberCard } from '../api/types';
import { Permission } from '../api/types';
import { paths } from '../paths';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { formatDateTime, formatMoney } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { AccountActions } from './AccountActions';
import { subscriberCardQuery, subscriberName } from './api';
import own from './card.module.css';
import { DevicesSection } from './DevicesSection';
import { profileRole } from './labels';
import { LedgerSection } from './LedgerSection';
import { MessagesSection } from './MessagesSection';
import { PromoUsesSection } from './PromoUsesSection';
import { SubscriptionsSection } from './SubscriptionsSection';
import { TransactionsSection } from './TransactionsSection';

/**
 * A subscriber's card: who they are, the balance (only with money.read: the server sends
 * no account otherwise, and nothing about money is shown), subscriptions, the ledger and
 * payments, profiles and devices. What the session's permissions allow can be done from
 * here: subscribers.write for the account and subscriptions, money.write for adjusting the
 * balance and refunds. Every change re-reads the card, so the page shows the server's truth.
 */
export default function SubscriberCardPage() {
  const { t, i18n } = useTranslation('operator');
  const { id = '' } = useParams();
  const location = useLocation();
  const card = useQuery(subscriberCardQuery(id));
  const name = card.data ? subscriberName(card.data.subscriber) : null;
  useTitle(name ? t('card.title', { name }) : t('subscribers.title'));
  const back = `${paths.subscribers}${(location.state as { search?: string } | null)?.search ?? ''}`;

  return (
    <div className={styles.page}>
      <p className={styles.small}>
        <Link to={back}>← {t('card.back')}</Link>
      </p>
      {card.data ? (
        <CardBody id={id} card={card.data} lng={i18n.language} />
      ) : isApiError(card.error) && card.error.status === 404 ? (
        <>
          <h1>{t('subscribers.title')}</h1>
          <p className={styles.notice} data-kind="warning" role="alert">
            {t('card.notFound')}
          </p>
        </>
      ) : (
        <QueryState error={card.error} onRetry={() => void card.refetch()} />
      )}
    </div>
  );
}

function CardBody({ id, card, lng }: { id: string; card: SubscriberCard; lng: string }) {
  const { t } = useTranslation('operator');
  const canWrite = useCan(Permission.subscribersWrite);
  const canReadMoney = useCan(Permission.moneyRead);
  const s = card.subscriber;
  const name = subscriberName(s);
  const none = t('common.none');
  return (
    <div className={own.card}>
      <div className={`${own.head} ${s.blocked ? own.blockedHead : ''}`}>
        <div className={own.title}>
          <h1>{t('card.title', { name })}</h1>
          <span className={styles.pill} data-tone={s.blocked ? 'bad' : 'good'} data-testid="account-state">
            {s.blocked ? t('subscribers.blocked') : t('subscribers.active')}
          </span>
        </div>
        {s.blocked && <p className={own.blockedNote}>{t('card.blockedNote')}</p>}
        {canWrite && <AccountActions id={id} subscriber={s} />}
      </div>

      <section className={styles.panel} aria-labelledby="card-details">
        <h2 id="card-details">{t('card.details')}</h2>
        <dl className={styles.facts}>
          <Fact label={t('subscribers.id')}>{s.id}</Fact>
          <Fact label={t('subscribers.name')}>{s.first_name || none}</Fact>
          <Fact label={t('subscribers.login')}>{s.username || none}</Fact>
          <Fact label={t('subscribers.phone')}>{s.phone || none}</Fact>
          <Fact label={t('subscribers.email')}>{s.email || none}</Fact>
          <Fact label={t('subscribers.created')}>{formatDateTime(s.created_at, lng) ?? none}</Fact>
          {card.account && (
            <Fact label={t('card.balanceLabel')}>
              <strong className={styles.num} data-testid="balance">
                {formatMoney(card.account.balance, card.account.currency, lng)}
              </strong>
            </Fact>
          )}
        </dl>
      </section>

      <SubscriptionsSection id={id} subscriptions={card.subscriptions} />

      {canReadMoney && card.account && (
        <>
          <LedgerSection id={id} account={card.account} />
          <TransactionsSection id={id} />
        </>
      )}

      <div className={`${styles.columns} ${own.pair}`}>
        <section aria-labelledby="card-profiles" className={styles.section}>
          <h2 id="card-profiles">{t('card.profiles')}</h2>
          {card.profiles.length === 0 ? (
            <p className={styles.muted}>{t('card.noProfiles')}</p>
          ) : (
            <TableFrame label={t('card.profilesCaption')}>
              <table className={styles.table}>
                <caption>{t('card.profilesCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('card.profileName')}</th>
                    <th scope="col">{t('card.profileRole')}</th>
                  </tr>
                </thead>
                <tbody>
                  {card.profiles.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">{p.name}</th>
                      <td>{profileRole(t, p.role)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
        </section>

        <DevicesSection id={id} devices={card.devices} />
      </div>

      <PromoUsesSection id={id} />
      <MessagesSection id={id} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
