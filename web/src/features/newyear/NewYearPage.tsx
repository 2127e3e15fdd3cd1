import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_CATEGORY, channelPath, lineUpOrder, useChannels, useStream } from '@/features/channels';
import { Player, type PlayerSource } from '@/features/player';
import { RowBlock, RowSkeleton, rowQuery } from '@/features/rows';
import { useDocumentMeta, useSeoMask } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Countdown } from './Countdown';
import { NEWYEAR_ROWS, pickNewYearChannel } from './rules';
import styles from './NewYear.module.css';

/** Items per row (spec 9: the default row load). */
const ROW_LIMIT = 24;

/**
 * /newyear (spec 2): the event's channel, a countdown to the end of the year and five fixed
 * rows loaded in parallel. The channel list is reloaded on arrival (spec: "channels reload
 * there"), so a channel opened for the holiday shows at once.
 */
export function NewYearPage() {
  const { t } = useTranslation();
  const { token, profile } = useSession();
  const mask = useSeoMask('/newyear');
  useDocumentMeta({ title: mask?.title, description: mask?.description });

  const channels = useChannels();
  const { refetch } = channels;
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const channel = useMemo(
    () => pickNewYearChannel([...(channels.data ?? [])].sort(lineUpOrder), profile?.role === 'child'),
    [channels.data, profile?.role],
  );

  const rows = useQueries({ queries: NEWYEAR_ROWS.map((slug) => ({ ...rowQuery(slug, { limit: ROW_LIMIT }, token), retry: false })) });

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="newyear-title">
        <div className={styles.heroText}>
          <h1 id="newyear-title" className={styles.title}>
            {mask?.h1 || t('newyear.title')}
          </h1>
          <Countdown />
        </div>
        <div className={styles.stage}>
          {channel ? <ChannelStage channelId={channel.id} /> : channels.isLoading ? <div className={styles.screen} aria-hidden="true" /> : null}
          {channel && (
            <p className={styles.channelLine}>
              <span>{t('newyear.onAir', { name: channel.name })}</span>
              <Link to={channelPath(String(channel.category ?? ALL_CATEGORY), channel)} className={styles.channelLink}>
                {t('newyear.openChannel')}
              </Link>
            </p>
          )}
        </div>
      </section>
      <div className={styles.rows}>
        {rows.map((q, i) =>
          q.data ? (
            <RowBlock key={NEWYEAR_ROWS[i]} row={q.data} eager={i < 2} />
          ) : q.isPending ? (
            <RowSkeleton key={NEWYEAR_ROWS[i]} shape={i === 1 ? 'channel' : 'poster'} />
          ) : null,
        )}
      </div>
    </div>
  );
}

/** The channel live, when the viewer may watch it; else a link to its page (packets, PIN...). */
function ChannelStage({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const channels = useChannels();
  const channel = channels.data?.find((c) => c.id === channelId);
  const playable = !!channel && channel.is_purchased && channel.is_available;
  const stream = useStream(playable ? { channelId } : null);
  const source = useMemo<PlayerSource | null>(() => {
    const s = stream.data;
    if (!s || !channel) return null;
    return {
      url: s.hls,
      kind: 'live',
      hasArchive: false,
      statId: s.stat?.id ? String(s.stat.id) : undefined,
      contentKey: `channel-${channel.id}`,
      title: channel.current_schedule?.title ?? channel.name,
      subtitle: channel.name,
      artwork: channel.cover?.full,
    };
  }, [stream.data, channel]);
  if (!channel) return null;
  if (!playable || stream.isError) {
    return (
      <Link to={channelPath(String(channel.category ?? ALL_CATEGORY), channel)} className={`${styles.screen} ${styles.screenLink}`}>
        <span>{t('newyear.watchChannel', { name: channel.name })}</span>
      </Link>
    );
  }
  return <Player source={source} className={styles.player} />;
}
