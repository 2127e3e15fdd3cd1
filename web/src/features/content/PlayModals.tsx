import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/shared/lib/money';
import { ButtonLink, Modal } from '@/shared/ui';
import { archivePath } from './links';
import type { CatchupSource, OfferedPacket } from './types';
import styles from './PlayModals.module.css';

/**
 * Spec 4 "Content page and play flow" 5: the content cannot be played; watch_tv leads to
 * the channels, or to the archive of the latest channel that showed it.
 */
export function NotAvailableModal({ latest, onClose }: { latest?: CatchupSource | null; onClose(): void }) {
  const { t } = useTranslation();
  const to = latest ? archivePath(latest.channel_id, latest.start_at) : '/channels';
  return (
    <Modal title={t('content.notAvailableTitle')} onClose={onClose} name="content_not_available">
      <p className={styles.modalText}>{t('content.content_not_available')}</p>
      <div className={styles.modalActions}>
        <ButtonLink to={to} onClick={onClose}>
          {t('content.watch_tv')}
        </ButtonLink>
      </div>
    </Modal>
  );
}

/**
 * Spec 4 3: an unpurchased content opens the packets that sell it (from the pay button).
 * The buying itself is the commerce area's: each packet links to its page.
 */
export function PacketsModal({ packets, onClose }: { packets: OfferedPacket[]; onClose(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal title={t('content.packetsTitle')} onClose={onClose} name="content_packets" size="md">
      <p className={styles.modalText}>{t('content.packetsText')}</p>
      {packets.length > 0 ? (
        <ul className={styles.packets}>
          {packets.map((p) => (
            <li key={p.id}>
              <Link to={`/packets/${p.id}`} className={styles.packet} onClick={onClose} data-packet-id={p.id}>
                <span className={styles.packetName}>{p.name}</span>
                {p.price != null && p.currency && (
                  <span className={styles.packetPrice}>
                    {p.period_days
                      ? t('content.packetPricePeriod', { price: formatMoney(p.price, p.currency, i18n.language), days: p.period_days })
                      : formatMoney(p.price, p.currency, i18n.language)}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.modalText}>{t('content.noPackets')}</p>
      )}
      <div className={styles.modalActions}>
        <ButtonLink to="/packets" variant="secondary" onClick={onClose}>
          {t('content.allPackets')}
        </ButtonLink>
      </div>
    </Modal>
  );
}
