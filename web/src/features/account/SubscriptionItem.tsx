import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { useSession } from '@/shared/session';
import { Badge, Button, ButtonLink } from '@/shared/ui';
import { periodsQuery } from './api';
import { subscriptionButton, type SubscriptionButton } from './rules/subscriptionButton';
import { formatDate, subscriptionTerm } from './rules/subscriptionTerm';
import type { UserPacket } from './types';
import type { useSubscriptionActions } from './useSubscriptionActions';
import styles from './Account.module.css';

interface Props {
  item: UserPacket;
  /** From the futures list (the state says so too; the list decides which call cancels it). */
  future?: boolean;
  isChildPacket: boolean;
  isChildProfile: boolean;
  actions: ReturnType<typeof useSubscriptionActions>;
}

/** One subscription: packet name, state, dates and its button. */
export function SubscriptionItem({ item, future = false, isChildPacket, isChildProfile, actions }: Props) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const state = future ? 'future' : item.state;
  const buttonPossible = !isChildProfile && !isChildPacket && state !== 'promo' && item.type !== 'promo';
  // Period options matter only to running subscriptions that may show a button.
  const needsPeriods = buttonPossible && (state === 'active' || state === 'active_renewing');
  const periods = useQuery({ ...periodsQuery(item.packet.id, token), enabled: needsPeriods && token !== null });
  const button: SubscriptionButton | null =
    needsPeriods && periods.isPending
      ? null
      : subscriptionButton({
          state,
          type: item.type,
          actions: item.actions,
          hasPurchases: (periods.data?.length ?? 0) > 0,
          allowDeletePaused: item.allow_delete_paused,
          isChildPacket,
          isChildProfile,
        });

  const money = (minor: number | null) => (minor === null ? null : formatMoney(minor, item.packet.currency, i18n.language));
  const term = subscriptionTerm({ ...item, state });
  const date = (at: number) => formatDate(at, i18n.language);
  let termText: string;
  switch (term.kind) {
    case 'nextPayment':
      termText = term.price !== null ? t('account.nextPaymentPrice', { date: date(term.at), price: money(term.price) }) : t('account.nextPayment', { date: date(term.at) });
      break;
    case 'starts':
      termText = term.price !== null ? t('account.startsPrice', { date: date(term.at), price: money(term.price) }) : t('account.starts', { date: date(term.at) });
      break;
    case 'ends':
      termText = t('account.ends', { date: date(term.at) });
      break;
    case 'unlimited':
      termText = t('account.unlimited');
  }

  const busy = actions.busyId === item.id;
  const name = item.packet.name;
  return (
    <li className={styles.item} data-state={state}>
      <div className={styles.itemText}>
        <span className={styles.itemTitle}>
          <strong>{name}</strong>
          <Badge>{t(`account.states.${state}`)}</Badge>
          {item.type === 'trial' && <Badge>{t('account.trial')}</Badge>}
        </span>
        <span className={styles.muted}>{termText}</span>
        {item.message && <span className={styles.muted}>{item.message}</span>}
      </div>
      {button && (
        <div className={styles.itemActions}>
          {button === 'enable_subscription' ? (
            <ButtonLink
              size="small"
              to={`/packets/${item.packet.id}?action=buy`}
              data-analytics="subscribe"
              data-analytics-id={item.packet.id}
              aria-label={t('account.buttonNamed', { action: t('account.buttons.enable_subscription'), name })}
            >
              {t('account.buttons.enable_subscription')}
            </ButtonLink>
          ) : (
            <Button
              size="small"
              variant={button === 'renew' || button === 'change' ? 'primary' : 'secondary'}
              disabled={busy}
              data-analytics={button === 'renew' ? 'enable_renew' : button === 'change' ? undefined : 'unsubscribe'}
              data-analytics-id={item.packet.id}
              aria-label={t('account.buttonNamed', { action: t(`account.buttons.${button}`), name })}
              onClick={() => {
                if (button === 'change') actions.change(item);
                else if (button === 'renew') void actions.renew(item);
                else actions.disable(item, button === 'disable_future');
              }}
            >
              {t(`account.buttons.${button}`)}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
