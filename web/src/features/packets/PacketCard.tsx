import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney, usePeriodText, type Packet } from '@/features/payments';
import { Button, ButtonLink } from '@/shared/ui';
import { designStyle, safeImage } from './rules/design';
import { heldState, packetPath, priceLine, trialOf } from './rules/packets';
import styles from './Packets.module.css';

/** The viewer's relation to a packet as a badge: held, planned or paused. */
export function HeldBadge({ packet }: { packet: Pick<Packet, 'subscription' | 'is_purchased'> }) {
  const { t } = useTranslation();
  const state = heldState(packet);
  if (state === 'none') return null;
  const text = state === 'future' ? t('packets.planned') : state === 'paused' ? t('packets.paused') : t('packets.have');
  return <span className={`${styles.badge} ${styles.badgeHeld}`}>{text}</span>;
}

/**
 * One packet of the operator's offer: its design colours and pictures, name, channels,
 * the price of the shortest period, the trial, 'you have it', and the button its state
 * allows (buy or try when not held; its page when held).
 */
export function PacketCard({ packet: p, onBuy, canBuy }: { packet: Packet; onBuy(p: Packet): void; canBuy: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const period = usePeriodText();
  const price = priceLine(p);
  const trial = trialOf(p);
  const held = heldState(p) !== 'none';
  const logo = safeImage(p.design.logo);
  const corner = safeImage(p.design.corner_badge);
  const titleId = `packet-${p.id}-title`;
  return (
    <article className={styles.card} style={designStyle(p.design) as CSSProperties} aria-labelledby={titleId} data-packet-id={p.id}>
      <div className={styles.art} aria-hidden="true">
        {logo ? <img src={logo} alt="" loading="lazy" decoding="async" /> : <span className={styles.artName}>{p.name}</span>}
        {corner && <img className={styles.corner} src={corner} alt="" loading="lazy" />}
      </div>
      <div className={styles.cardBody}>
        <div className={styles.badges}>
          {trial && <span className={`${styles.badge} ${styles.badgeTrial}`}>{t('packets.trialBadge')}</span>}
          <HeldBadge packet={p} />
        </div>
        <h3 className={styles.cardTitle} id={titleId}>
          <Link to={packetPath(p.id)}>{p.name}</Link>
        </h3>
        {p.channels_count > 0 && <p className={styles.priceNote}>{t('packets.channels', { count: p.channels_count })}</p>}
        <p className={styles.price}>
          {p.is_free || price.amount === 0 ? t('packets.free') : t('payments.periodPrice', { price: money(price.amount, price.currency), period: period(price.period) })}
        </p>
        {trial && !held && (
          <p className={styles.priceNote}>
            {trial.amount === 0
              ? t('payments.trialFree', { period: period(trial.period) })
              : t('payments.trialFor', { period: period(trial.period), price: money(trial.amount, price.currency) })}
          </p>
        )}
        <div className={styles.cardActions}>
          {held ? (
            <ButtonLink to={packetPath(p.id)} variant="secondary" size="small" aria-describedby={titleId}>
              {t('packets.manage')}
            </ButtonLink>
          ) : (
            <>
              {canBuy && !p.is_free && (
                <Button
                  size="small"
                  onClick={() => onBuy(p)}
                  aria-describedby={titleId}
                  data-analytics={trial ? 'trial_button_click' : 'subscribe'}
                  data-analytics-id={p.id}
                >
                  {trial ? t('packets.try') : t('packets.subscribe')}
                </Button>
              )}
              <ButtonLink to={packetPath(p.id)} variant="secondary" size="small" aria-describedby={titleId} data-analytics="packet_info" data-analytics-id={p.id}>
                {t('packets.more')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/** A titled group of packet cards with an anchor (tariffs, add-ons, bundles). */
export function PacketGroup({ id, title, packets, onBuy, canBuy }: { id: string; title: string; packets: Packet[]; onBuy(p: Packet): void; canBuy: boolean }) {
  if (packets.length === 0) return null;
  return (
    <section id={id} className={styles.group} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className={styles.grid}>
        {packets.map((p) => (
          <li key={p.id}>
            <PacketCard packet={p} onBuy={onBuy} canBuy={canBuy} />
          </li>
        ))}
      </ul>
    </section>
  );
}
