import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink, Modal, Spinner } from '@/shared/ui';
import { formatMoney } from '@/shared/lib/money';
import { useChannelPackets } from '../queries';
import type { Channel } from '../types';
import styles from './Viewer.module.css';

/** Not purchased: the packets that contain the channel (spec 4 "Channel opening"). */
export function PacketsPanel({ channel, lead }: { channel: Channel; lead?: string }) {
  const { t, i18n } = useTranslation();
  const packets = useChannelPackets(channel.id);
  return (
    <section className={styles.notice} aria-labelledby="packets-title" data-channel-panel="packets">
      <h2 id="packets-title">{t('channels.notPurchasedTitle')}</h2>
      {lead && <p>{lead}</p>}
      {packets.isLoading ? (
        <Spinner label={t('channels.loading')} />
      ) : packets.data?.length ? (
        <>
          <p>{t('channels.notPurchasedText')}</p>
          <ul className={styles.packets}>
            {packets.data.map((p) => (
              <li key={p.id}>
                <Link to={`/packets/${p.id}`} className={styles.packet}>
                  <span className={styles.packetName}>{p.name}</span>
                  <span className={styles.packetMeta}>
                    {t('channels.packetPrice', { price: formatMoney(p.price, p.currency, i18n.language), days: p.period_days })}
                    {' · '}
                    {t('channels.packetChannels', { count: p.channels_count })}
                  </span>
                </Link>
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
