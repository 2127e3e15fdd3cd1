import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_CATEGORY, channelPath } from '@/features/channels';
import type { Packet } from '@/features/payments';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { Button } from '@/shared/ui';
import { channelsPreview } from './rules/packets';
import { safeImage } from './rules/design';
import styles from './Packets.module.css';

type PacketChannel = Packet['channels'][number];

function ChannelItem({ channel }: { channel: PacketChannel }) {
  const [failed, setFailed] = useState(false);
  const logo = safeImage(channel.logo);
  return (
    <Link to={channelPath(String(ALL_CATEGORY), channel)} className={styles.channel} data-channel-id={channel.id}>
      {logo && !failed ? (
        <img src={logo} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className={styles.channelStub} aria-hidden="true">
          {channel.name.slice(0, 3)}
        </span>
      )}
      <span>{channel.name}</span>
    </Link>
  );
}

export function ChannelList({ channels }: { channels: PacketChannel[] }) {
  return (
    <ul className={styles.channels}>
      {channels.map((c) => (
        <li key={c.id}>
          <ChannelItem channel={c} />
        </li>
      ))}
    </ul>
  );
}

/** A packet's channels: all of a short list (31 or fewer), else the first ones and 'show all' (#packets_channels). */
export function PacketChannels({ packet }: { packet: Packet }) {
  const { t } = useTranslation();
  const { open } = useModalNavigation();
  const { shown, hidden } = channelsPreview(packet.channels, packet.channels_count);
  if (shown.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="packet-channels-title">
      <h2 id="packet-channels-title">{t('packets.channelsTitle', { count: packet.channels_count || packet.channels.length })}</h2>
      <ChannelList channels={shown} />
      {hidden > 0 && (
        <div>
          <Button variant="secondary" onClick={() => open('packets_channels', { packetId: packet.id, name: packet.name })}>
            {t('packets.showAllChannels', { count: packet.channels_count || packet.channels.length })}
          </Button>
        </div>
      )}
    </section>
  );
}
