import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorState, Spinner } from '@/shared/ui';
import { useNowSeconds } from '@/shared/lib/useNowSeconds';
import { isAdultChannel, previewAllowed } from './access';
import { channelsInCategories, initialSelection, selectionSegment } from './categories';
import { ChannelCard } from './ChannelCard';
import { channelPath } from './paths';
import { useChannelsData } from './useChannelsData';
import styles from './Channels.module.css';

/**
 * The line-up as a grid of channel cards (what a tvchannels rowset page shows), the first
 * `limit` channels when given, each opening in the channel viewer.
 */
export function ChannelGrid({ limit, label }: { limit?: number; label: string }) {
  const { t } = useTranslation();
  const data = useChannelsData();
  const now = useNowSeconds();
  const { list, segment } = useMemo(() => {
    const { selected } = initialSelection(data.categories, undefined, data.isChild);
    const all = channelsInCategories(data.channels, data.categories, selected);
    return { list: limit ? all.slice(0, limit) : all, segment: selectionSegment(data.categories, selected) };
  }, [data.categories, data.channels, data.isChild, limit]);

  if (data.isLoading) return <Spinner label={t('channels.loading')} />;
  if (data.error && !data.channels.length) {
    return <ErrorState title={t('channels.loadError')} actions={<Button onClick={data.refetch}>{t('channels.retry')}</Button>} />;
  }
  if (!list.length) {
    return (
      <p className={styles.empty} role="status">
        {t('channels.empty')}
      </p>
    );
  }
  return (
    <ul className={styles.grid} aria-label={label}>
      {list.map((c) => (
        <ChannelCard
          key={c.id}
          channel={c}
          to={channelPath(segment, c)}
          now={now}
          preview={previewAllowed(c, isAdultChannel(c, { adultCategories: data.adultCategories, isChild: data.isChild }))}
        />
      ))}
    </ul>
  );
}
