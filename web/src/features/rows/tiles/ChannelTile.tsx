import { useState } from 'react';
import { Link } from 'react-router';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { channelPath } from '../rules/destination';
import type { RowChannel } from '../types';
import styles from './Tiles.module.css';

/**
 * A channel tile (spec 2 channel, channels): the logo on the channel's colour, the name and
 * what is on now; `compact` (the channels template) shows the logo alone.
 */
export function ChannelTile({ channel: c, compact }: { channel: RowChannel; compact?: boolean }) {
  const state = useModalPageState();
  const [failed, setFailed] = useState(false);
  const logo = c.cover?.full;
  const onAir = c.current_schedule?.title;
  return (
    <Link
      to={channelPath(c.slug || c.id, c.category ?? null)}
      state={state}
      className={`${styles.tile} ${compact ? styles.channelLogo : styles.channel}`}
      aria-label={compact ? c.name : undefined}
      title={compact ? c.name : undefined}
      draggable={false}
    >
      <span className={styles.channelMedia} style={{ background: c.cover?.color_bg || undefined }}>
        {logo && !failed ? (
          <img src={logo} alt="" width={100} height={100} loading="lazy" decoding="async" onError={() => setFailed(true)} draggable={false} />
        ) : (
          <span className={styles.channelInitials} aria-hidden="true">
            {c.name.slice(0, 3)}
          </span>
        )}
      </span>
      {!compact && (
        <>
          <span className={styles.title}>{c.name}</span>
          {onAir && <span className={styles.meta}>{onAir}</span>}
        </>
      )}
    </Link>
  );
}
