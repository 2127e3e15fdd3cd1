import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isBasePacket, isOwned, packetsQuery, useMoney, usePeriodText, usePurchase, type QuickPacketsData } from '@/features/payments';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, Modal, Spinner } from '@/shared/ui';
import { priceLine } from './rules/packets';
import { LoadError } from './States';
import styles from './Packets.module.css';

/**
 * #quick_packets (spec 4 step 3): an add-on needs a base packet first. The viewer picks a
 * base packet; once it is bought the add-on's purchase goes on by itself.
 */
export function QuickPacketsModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const period = usePeriodText();
  const quick = data as QuickPacketsData | undefined;
  const packets = useQuery(packetsQuery(token));
  const { buyPacket, pending } = usePurchase();
  if (!quick) return null;
  const bases = (packets.data ?? []).filter((p) => isBasePacket(p) && !isOwned(p) && p.packets.length === 0);

  return (
    <Modal title={t('packets.quickTitle')} onClose={onClose} size="md" name="quick_packets">
      <p className={styles.muted}>{t('packets.quickText', { name: quick.addonName })}</p>
      {packets.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : packets.isError ? (
        <LoadError error={packets.error} onRetry={() => void packets.refetch()} />
      ) : bases.length === 0 ? (
        <p className={styles.muted}>{t('packets.noBase')}</p>
      ) : (
        <ul className={styles.modalList} style={{ marginTop: 'var(--space-4)' }}>
          {bases.map((p) => {
            const price = priceLine(p);
            return (
              <li key={p.id} className={styles.modalRow} data-packet-id={p.id}>
                <span className={styles.modalRowMain}>
                  <strong id={`quick-${p.id}`}>{p.name}</strong>
                  <span className={styles.muted}>
                    {t('payments.periodPrice', { price: money(price.amount, price.currency), period: period(price.period) })}
                    {p.channels_count > 0 && ` · ${t('packets.channels', { count: p.channels_count })}`}
                  </span>
                </span>
                <Button
                  size="small"
                  disabled={pending}
                  aria-describedby={`quick-${p.id}`}
                  onClick={() =>
                    void buyPacket(p.id, {
                      name: p.name,
                      then: [quick.addonId, ...(quick.purchase.queue ?? [])],
                      playAfter: quick.purchase.playAfter,
                    })
                  }
                >
                  {t('packets.choose')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
