import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChannelLogo } from '../ChannelLogo';
import { readLastChannels } from '../lastChannels';
import { channelPath } from '../paths';
import type { Channel } from '../types';
import styles from './Viewer.module.css';

/** The last 10 watched channels (localStorage lastChannels), the current one left out. */
export function LastChannels({ channels, currentId, segment }: { channels: Channel[]; currentId: number; segment: string }) {
  const { t } = useTranslation();
  const list = readLastChannels()
    .filter((id) => id !== currentId)
    .map((id) => channels.find((c) => c.id === id))
    .filter((c): c is Channel => !!c);
  if (!list.length) return null;
  return (
    <section className={styles.last} aria-labelledby="last-title">
      <h2 id="last-title" className={styles.sectionTitle}>
        {t('channels.lastWatched')}
      </h2>
      <ul className={styles.lastList}>
        {list.map((c) => (
          <li key={c.id}>
            <Link to={channelPath(segment, c)} className={styles.lastItem} aria-label={c.name} title={c.name}>
              <ChannelLogo channel={c} size="sm" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
