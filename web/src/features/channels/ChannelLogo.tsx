import { useState } from 'react';
import type { Channel } from './types';
import styles from './Channels.module.css';

/** The channel's logo, or its initials on its colour when the image fails (the spec's fallback picture for failed images). */
export function ChannelLogo({ channel, size = 'md' }: { channel: Channel; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const src = channel.cover?.full;
  const bg = channel.cover?.color_bg || undefined;
  return (
    <span className={`${styles.logo} ${styles[`logo_${size}`]}`} style={{ background: bg }} aria-hidden="true">
      {src && !failed ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className={styles.logoText}>{channel.name.slice(0, 3)}</span>
      )}
    </span>
  );
}
