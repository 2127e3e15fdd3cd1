import { Player, type PlayerSource } from '@/features/player';
import { useMemo } from 'react';
import { useStream } from './queries';
import styles from './Channels.module.css';

/** A muted live preview in a channel tile (purchased, non-adult channels only). */
export function ChannelPreview({ channelId }: { channelId: number }) {
  const stream = useStream({ channelId, preview: true });
  const source = useMemo<PlayerSource | null>(
    () => (stream.data ? { url: stream.data.hls, kind: 'live' } : null),
    [stream.data],
  );
  if (!source) return null;
  return <Player source={source} mode="preview" className={styles.preview} />;
}
