import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { periodFromDays, useMoney, usePeriodText, usePurchase } from '@/features/payments';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, Modal, Spinner } from '@/shared/ui';
import { useChannelPackets } from '../queries';
import type { Channel } from '../types';
import styles from './Viewer.module.css';
import panel from './AccessPanels.module.css';

/**
 * Not purchased: the packets that contain the channel (spec 4 "Channel opening"), each with
 * its price and a buy button that starts the purchase (a guest signs in first and the
 * purchase goes on), and the 'watch from' banner with the cheapest price, which the spec
 * shows to signed-in viewers only.
 */
export function PacketsPanel({ channel, lead }: { channel: Channel; lead?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const period = usePeriodText();
  const { isLogged } = useSession();
  const packets = useChannelPackets(channel.id);
  const { buyPacket, pending } = usePurchase();
  const list = packets.data ?? [];
  const paid = list.filter((p) => !p.is_free && p.price > 0);
  const cheapest = paid.reduce<(typeof paid)[number] | null>((min, p) => (min === null || p.price < min.price ? p : min), null);
  return (
    <section className={styles.notice} aria-labelledby="packets-title" data-channel-panel="packets">
      <h2 id="packets-title">{t('channels.notPurchasedTitle')}</h2>
      {lead && <p>{lead}</p>}
      {isLogged && cheapest && (
        <p className={panel.watchFrom} data-watch-from="1">
          {t('packets.watchFrom', { price: money(cheapest.price, cheapest.currency) })}
        </p>
      )}
      {packets.isLoading ? (
        <Spinner label={t('channels.loading')} />
      ) : list.length ? (
        <>
          <p>{t('channels.notPurchasedText')}</p>
          <ul className={styles.packets}>
            {list.map((p) => (
              <li key={p.id} className={panel.row} data-packet-id={p.id}>
                <Link to={`/packets/${p.id}`} className={`${styles.packet} ${panel.link}`}>
                  <span className={styles.packetName} id={`channel-packet-${p.id}`}>
                    {p.name}
                  </span>
                  <span className={styles.packetMeta}>
                    {p.is_free || p.price === 0
                      ? t('packets.free')
                      : t('payments.periodPrice', { price: money(p.price, p.currency), period: period(periodFromDays(p.period_days)) })}
                    {' · '}
                    {t('channels.packetChannels', { count: p.channels_count })}
                  </span>
                </Link>
                {!p.is_free && (
                  <Button size="small" onClick={() => void buyPacket(p.id, { name: p.name })} disabled={pending} aria-describedby={`channel-packet-${p.id}`}>
                    {t('packets.buy')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('channels.noPackets')}</p>
      )}
    </section>
  );
}

/** Unavailable channel: its access_error or the default text. */
export function UnavailablePanel({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  return (
    <section className={styles.notice} role="status" data-channel-panel="unavailable">
      <p>{channel.access_error || t('channels.channel_not_available')}</p>
      <ButtonLink to="/channels" variant="secondary">
        {t('channels.backToChannels')}
      </ButtonLink>
    </section>
  );
}

/** Adult channel whose PIN entry was closed: ask again. */
export function AdultPanel({ onAsk }: { onAsk(): void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.notice} data-channel-panel="adult">
      <h2>{t('channels.adultTitle')}</h2>
      <p>{t('channels.adultText')}</p>
      <Button onClick={onAsk}>{t('channels.enterPin')}</Button>
    </section>
  );
}

/** permission_denied: the detail text and a way back to the channels (spec 8). */
export function PermissionDeniedModal({ text, onBack }: { text: string; onBack(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('channels.permissionTitle')} onClose={onBack} name="permission_denied">
      <p>{text}</p>
      <Button onClick={onBack}>{t('channels.backToChannels')}</Button>
    </Modal>
  );
}

/** A past programme of a channel not purchased (spec "Schedule": warning_archive_subscribe). */
export function ArchiveSubscribeModal({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('channels.warning_archive_subscribe')} onClose={onClose} name="archive_subscribe">
      <PacketsPanel channel={channel} />
    </Modal>
  );
}

export function NotFoundPanel() {
  const { t } = useTranslation();
  return (
    <section className={styles.notice} role="status" data-channel-panel="not-found">
      <h1>{t('channels.notFound')}</h1>
      <ButtonLink to="/channels" variant="secondary">
        {t('channels.backToChannels')}
      </ButtonLink>
    </section>
  );
}
