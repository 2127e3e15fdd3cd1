import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offersQuery, periodFromDays, useMoney, usePeriodText, usePurchase, type ContentOffer } from '@/features/payments';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, Modal, Spinner } from '@/shared/ui';
import { START_AFTER_BUY_KEY, archivePath } from './links';
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
        <ButtonLink to={to} onClick={onClose} data-analytics="watch_tv">
          {t('content.watch_tv')}
        </ButtonLink>
      </div>
    </Modal>
  );
}

/** The start-after-buy content when the caller does not name it (the watch page remembers it before opening this). */
function rememberedContent(): number | undefined {
  try {
    const id = Number(sessionStorage.getItem(START_AFTER_BUY_KEY));
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spec 4 3: an unpurchased content opens the packets that sell it (from the pay button)
 * and the film's own rent and buy offers, each with its price and a button that starts the
 * purchase; once bought, the content plays (the start-after-buy content). Each packet
 * also links to its page.
 */
export function PacketsModal({ packets, onClose, contentId }: { packets: OfferedPacket[]; onClose(): void; contentId?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const period = usePeriodText();
  const { token } = useSession();
  const content = contentId ?? rememberedContent();
  const offers = useQuery({ ...offersQuery(content ?? 0, token), enabled: content !== undefined && token !== null });
  const { buyPacket, buyOffer, pending } = usePurchase();
  const offerTitle = (o: ContentOffer) =>
    o.type === 'rent' && o.rental_hours > 0 ? t('payments.offerRent', { period: t('plural.hours', { count: o.rental_hours }) }) : t('payments.offerBuy');
  return (
    <Modal title={t('content.packetsTitle')} onClose={onClose} name="content_packets" size="md">
      {offers.data && offers.data.length > 0 && (
        <section aria-labelledby="content-offers-title" className={styles.offers}>
          <h3 id="content-offers-title" className={styles.subTitle}>
            {t('payments.offersTitle')}
          </h3>
          <ul className={styles.packets}>
            {offers.data.map((o) => (
              <li key={o.offer_id} className={styles.row} data-offer-id={o.offer_id}>
                <span className={styles.rowMain}>
                  <span className={styles.packetName} id={`offer-${o.offer_id}`}>
                    {offerTitle(o)}
                  </span>
                  <span className={styles.packetPrice}>{money(o.amount, o.currency)}</span>
                </span>
                <Button size="small" onClick={() => void buyOffer(o.offer_id, content)} disabled={pending} aria-describedby={`offer-${o.offer_id}`}>
                  {o.type === 'rent' ? t('payments.rent') : t('payments.buyOffer')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {offers.isLoading && <Spinner label={t('app.loading')} />}
      <p className={styles.modalText}>{t('content.packetsText')}</p>
      {packets.length > 0 ? (
        <ul className={styles.packets}>
          {packets.map((p) => (
            <li key={p.id} className={styles.row}>
              <Link to={`/packets/${p.id}`} className={styles.packet} onClick={onClose} data-packet-id={p.id}>
                <span className={styles.packetName} id={`content-packet-${p.id}`}>
                  {p.name}
                </span>
                {p.price != null && p.currency && (
                  <span className={styles.packetPrice}>
                    {p.period_days
                      ? t('payments.periodPrice', { price: money(p.price, p.currency), period: period(periodFromDays(p.period_days)) })
                      : money(p.price, p.currency)}
                  </span>
                )}
              </Link>
              <Button size="small" onClick={() => void buyPacket(p.id, { name: p.name, playAfter: content })} disabled={pending} aria-describedby={`content-packet-${p.id}`}>
                {t('packets.buy')}
              </Button>
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
