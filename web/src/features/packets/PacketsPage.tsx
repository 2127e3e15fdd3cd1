import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { packetsQuery, usePurchase, type Packet } from '@/features/payments';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Spinner } from '@/shared/ui';
import { PacketGroup } from './PacketCard';
import { groupPackets } from './rules/packets';
import { LoadError, useCanBuy } from './States';
import styles from './Packets.module.css';

/** /packets: the operator's base packets, add-ons and bundles as cards (spec 2). */
export function PacketsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const packets = useQuery({ ...packetsQuery(token), enabled: token !== null });
  const { buyPacket } = usePurchase();
  const canBuy = useCanBuy();
  useDocumentMeta({ title: t('packets.title'), canonical: '/packets' });
  const groups = groupPackets(packets.data ?? []);
  const buy = (p: Packet) => void buyPacket(p.id, { name: p.name });

  return (
    <section className={styles.page} aria-labelledby="packets-title">
      <h1 id="packets-title" className={styles.heading}>
        {t('packets.title')}
      </h1>
      {packets.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : packets.isError ? (
        <LoadError error={packets.error} onRetry={() => void packets.refetch()} />
      ) : packets.data.length === 0 ? (
        <p className={styles.muted}>{t('packets.empty')}</p>
      ) : (
        <>
          <PacketGroup id="tariffs" title={t('packets.base')} packets={groups.base} onBuy={buy} canBuy={canBuy} />
          <PacketGroup id="addons" title={t('packets.addons')} packets={groups.addon} onBuy={buy} canBuy={canBuy} />
          <PacketGroup id="bundles" title={t('packets.bundles')} packets={groups.bundle} onBuy={buy} canBuy={canBuy} />
        </>
      )}
    </section>
  );
}
