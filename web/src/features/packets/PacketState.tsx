import { useTranslation } from 'react-i18next';
import { useDateText, useMoney, useSubscriptionActions, type Packet, type PacketSubscription } from '@/features/payments';
import { Button } from '@/shared/ui';
import { userPacketButtons, type PacketButton } from './rules/packets';
import { useIsChild } from './States';
import styles from './Packets.module.css';

/** What the viewer's subscription to the packet is: renews when and for how much, ends, starts, paused. */
function useStateText() {
  const { t } = useTranslation();
  const date = useDateText();
  const money = useMoney();
  return (s: PacketSubscription, currency: string): string => {
    switch (s.state) {
      case 'active_renewing':
        return s.next_pay_at && s.next_price !== null
          ? t('packets.renewsOn', { date: date(s.next_pay_at), price: money(s.next_price, currency) })
          : t('packets.active');
      case 'active':
        return s.end_at > 0 ? t('packets.endsOn', { date: date(s.end_at) }) : t('packets.active');
      case 'paused':
        return t('packets.pausedText');
      case 'promo':
        return s.end_at > 0 ? t('packets.promoUntil', { date: date(s.end_at) }) : t('packets.active');
      case 'future':
        return t('packets.startsOn', { date: date(s.start_at) });
    }
  };
}

/**
 * The held packet's state and the buttons of spec 4 "User packet state and buttons"
 * (disable, change, renew, disable future); none for promo packets and child profiles.
 */
export function PacketState({ packet, subscription, onBuy, canBuy }: { packet: Packet; subscription: PacketSubscription | null; onBuy(): void; canBuy: boolean }) {
  const { t } = useTranslation();
  const stateText = useStateText();
  const actions = useSubscriptionActions();
  const isChild = useIsChild();
  const buttons = userPacketButtons(subscription, { isChild, canBuy: canBuy && !packet.is_free && !packet.is_purchased });
  const held = subscription ? { id: subscription.id, packetId: packet.id, name: packet.name, endAt: subscription.end_at } : null;

  const label: Record<PacketButton, string> = {
    disable: t('packets.disable'),
    change: t('packets.change'),
    renew: t('packets.renew'),
    disable_future: t('packets.disableFuture'),
    enable_subscription: t('packets.subscribe'),
  };
  const run = (b: PacketButton) => {
    if (b === 'enable_subscription' || !held) return onBuy();
    if (b === 'disable') void actions.disable(held);
    else if (b === 'change') actions.changePeriod(held);
    else if (b === 'renew') void actions.enable(held);
    else actions.cancelFuture(held);
  };

  return (
    <div className={styles.state}>
      {subscription && (
        <p className={styles.muted} data-subscription-state={subscription.state}>
          {stateText(subscription, packet.currency)}
        </p>
      )}
      {buttons.length > 0 && (
        <div className={styles.cardActions}>
          {buttons.map((b, i) => (
            <Button key={b} variant={i === 0 && b !== 'disable' && b !== 'disable_future' ? 'primary' : 'secondary'} onClick={() => run(b)} data-packet-button={b}>
              {label[b]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
