import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, FormError, Spinner } from '@/shared/ui';
import { futuresQuery, packetsQuery, subscriptionsQuery } from './api';
import { childPacketIds } from './rules/subscriptionButton';
import { SubscriptionItem } from './SubscriptionItem';
import { useSubscriptionActions } from './useSubscriptionActions';
import styles from './Account.module.css';

/**
 * Settings -> subscriptions: the running subscriptions and the scheduled ones, each with
 * its packet, state, dates and the one button its state allows (spec 4 "User packet state
 * and buttons"). Nothing held: a link to the packets.
 */
export function SubscriptionsSection() {
  const { t } = useTranslation();
  const { token, profile } = useSession();
  const current = useQuery(subscriptionsQuery(token));
  const futures = useQuery(futuresQuery(token));
  // Only to tell bundle members; without it every packet keeps its button.
  const packets = useQuery(packetsQuery(token)).data;
  const actions = useSubscriptionActions();

  if (current.isPending || futures.isPending) return <Spinner label={t('app.loading')} />;
  if (current.isError || futures.isError) {
    return (
      <div className={styles.stack}>
        <FormError message={t('errors.unknown')} />
        <div>
          <Button variant="secondary" onClick={() => void Promise.all([current.refetch(), futures.refetch()])}>
            {t('account.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const isChildProfile = profile?.role === 'child';
  const held = current.data.map((s) => s.packet.id);
  const children = packets ? childPacketIds(held, packets) : new Set<number>();

  if (current.data.length === 0 && futures.data.length === 0) {
    return (
      <div className={styles.card}>
        <p className={styles.muted}>{t('account.noSubscriptions')}</p>
        <div>
          <ButtonLink to="/packets">{t('account.toPackets')}</ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      {current.data.length > 0 && (
        <section aria-labelledby="subscriptions-current">
          <h4 id="subscriptions-current" className={styles.blockTitle}>
            {t('account.current')}
          </h4>
          <ul className={styles.list}>
            {current.data.map((s) => (
              <SubscriptionItem key={s.id} item={s} isChildPacket={children.has(s.packet.id)} isChildProfile={isChildProfile} actions={actions} />
            ))}
          </ul>
        </section>
      )}
      {futures.data.length > 0 && (
        <section aria-labelledby="subscriptions-futures">
          <h4 id="subscriptions-futures" className={styles.blockTitle}>
            {t('account.futures')}
          </h4>
          <ul className={styles.list}>
            {futures.data.map((s) => (
              <SubscriptionItem key={s.id} item={s} future isChildPacket={false} isChildProfile={isChildProfile} actions={actions} />
            ))}
          </ul>
        </section>
      )}
      {!isChildProfile && (
        <div>
          <ButtonLink to="/packets" variant="secondary">
            {t('account.allPackets')}
          </ButtonLink>
        </div>
      )}
      {actions.dialog}
    </div>
  );
}
