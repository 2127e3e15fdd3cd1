import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { packetQuery } from '@/features/payments';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Modal, Spinner } from '@/shared/ui';
import { ChannelList } from './PacketChannels';
import { LoadError } from './States';

/** #packets_channels: every channel of a packet (its page shows the first ones). Data: `{ packetId, name? }`. */
export function PacketsChannelsModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const d = data as { packetId?: number; name?: string } | undefined;
  const packet = useQuery({ ...packetQuery(d?.packetId ?? 0, token), enabled: !!d?.packetId });
  const name = packet.data?.name ?? d?.name ?? '';
  return (
    <Modal title={name ? t('packets.channelsOf', { name }) : t('packets.channelsTitle', { count: packet.data?.channels.length ?? 0 })} onClose={onClose} size="lg" name="packets_channels">
      {!d?.packetId ? null : packet.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : packet.isError ? (
        <LoadError error={packet.error} onRetry={() => void packet.refetch()} />
      ) : (
        <ChannelList channels={packet.data.channels} />
      )}
    </Modal>
  );
}
