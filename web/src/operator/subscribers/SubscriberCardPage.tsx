import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '@/shared/api/errors';
import type { SubscriberCard, Subscription } from '../api/types';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { formatDate, formatDateTime, formatMoney, formatUnixDate } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { subscriberCardQuery, subscriberName } from './api';

/**
 * A subscriber's card: who they are, the balance (only with money.read: the server sends
 * no account otherwise, and nothing about money is shown), subscriptions, profiles and
 * devices.
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
        <CardBody card={card.data} lng={i18n.language} />
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

function CardBody({ card, lng }: { card: SubscriberCard; lng: string }) {
  const { t } = useTranslation('operator');
  const s = card.subscriber;
  const none = t('common.none');
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('card.title', { name: subscriberName(s) })}</h1>
        <span className={styles.pill} data-tone={s.blocked ? 'bad' : 'good'}>
          {s.blocked ? t('subscribers.blocked') : t('subscribers.active')}
        </span>
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

      <section aria-labelledby="card-subscriptions" className={styles.section}>
        <h2 id="card-subscriptions">{t('card.subscriptions')}</h2>
        {card.subscriptions.length === 0 ? (
          <p className={styles.muted}>{t('card.noSubscriptions')}</p>
        ) : (
          <TableFrame label={t('card.subscriptionsCaption')}>
            <table className={styles.table}>
              <caption>{t('card.subscriptionsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('card.packet')}</th>
                  <th scope="col">{t('card.type')}</th>
                  <th scope="col">{t('card.state')}</th>
                  <th scope="col">{t('card.from')}</th>
                  <th scope="col">{t('card.until')}</th>
                  <th scope="col">{t('card.renewal')}</th>
                </tr>
              </thead>
              <tbody>
                {card.subscriptions.map((sub) => (
                  <tr key={sub.id}>
                    <th scope="row">
                      <span className={styles.strong}>{sub.packet_name}</span> <span className={`${styles.muted} ${styles.small}`}>#{sub.packet_id}</span>
                    </th>
                    <td>{subscriptionType(t, sub.type)}</td>
                    <td>
                      <span className={styles.pill} data-tone={stateTone(sub.state)}>
                        {t(`card.states.${sub.state}`)}
                      </span>
                    </td>
                    <td className={styles.nowrap}>{formatUnixDate(sub.start_at, lng) ?? none}</td>
                    <td className={styles.nowrap}>{formatUnixDate(sub.end_at, lng) ?? none}</td>
                    <td>{sub.renew ? t('card.renewOn') : t('card.renewOff')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>

      <div className={styles.columns}>
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

        <section aria-labelledby="card-devices" className={styles.section}>
          <h2 id="card-devices">{t('card.devices')}</h2>
          {card.devices.length === 0 ? (
            <p className={styles.muted}>{t('card.noDevices')}</p>
          ) : (
            <TableFrame label={t('card.devicesCaption')}>
              <table className={styles.table}>
                <caption>{t('card.devicesCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('card.serial')}</th>
                    <th scope="col">{t('card.deviceType')}</th>
                    <th scope="col">{t('card.added')}</th>
                  </tr>
                </thead>
                <tbody>
                  {card.devices.map((d) => (
                    <tr key={d.id}>
                      <th scope="row" className={styles.mono}>
                        {d.serial}
                      </th>
                      <td>{deviceType(t, d.device_type)}</td>
                      <td className={styles.nowrap}>{formatDate(d.created_at, lng) ?? none}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
        </section>
      </div>
    </>
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

const stateTone = (state: Subscription['state']) => (state === 'active' ? 'good' : state === 'paused' ? 'warn' : undefined);

// Values the contract leaves as free strings: the known ones in words, others as sent.
type T = TFunction<'operator'>;
const SUBSCRIPTION_TYPES = ['paid', 'trial', 'promo', 'grant'] as const;
const PROFILE_ROLES = ['adult', 'child'] as const;
const DEVICE_TYPES = ['tv', 'tablet', 'phone', 'pc'] as const;

function known<K extends string>(list: readonly K[], value: string): value is K {
  return (list as readonly string[]).includes(value);
}

const subscriptionType = (t: T, v: string) => (known(SUBSCRIPTION_TYPES, v) ? t(`card.types.${v}`) : v);
const profileRole = (t: T, v: string) => (known(PROFILE_ROLES, v) ? t(`card.profileRoles.${v}`) : v);
const deviceType = (t: T, v: string) => (known(DEVICE_TYPES, v) ? t(`card.deviceTypes.${v}`) : v);
