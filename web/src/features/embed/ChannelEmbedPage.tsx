import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  adultCategoryIds,
  channelKeys,
  effectiveTs,
  isAdultChannel,
  parseTs,
  useCategories,
  useChannel,
  useAdultGate,
  useStream,
  type Channel,
  type StreamAnswer,
} from '@/features/channels';
import { Player, type PlayerSource } from '@/features/player';
import { isApiError, useBrandName } from '@/shared/api';
import { useSession } from '@/shared/session';
import { Button, Spinner } from '@/shared/ui';
import { embedGate, siteChannelUrl } from './gate';
import frame from '@/shared/ui/EmbedFrame.module.css';
import styles from './Embed.module.css';

// /channel_embed/{channelId}?ts=: the channel's player alone, filling the frame (the root
// layout hides the header, footer and bottom bar on paths with `_embed/`). Live, or the
// archive from ts; the channel's access rules as short messages inside the frame.

export default function ChannelEmbedPage() {
  const { t } = useTranslation();
  const { channelId } = useParams();
  const [params] = useSearchParams();
  // The moment is read once: a ts younger than 30 s plays live (spec 7 stream call).
  const [ts] = useState(() => effectiveTs(parseTs(params.get('ts')), Math.floor(Date.now() / 1000)));
  const channel = useChannel(channelId);
  const categories = useCategories();
  const { profile } = useSession();
  const ch = channel.data;

  const adult = useMemo(() => {
    if (!ch || categories.isPending) return null;
    return isAdultChannel(ch, {
      adultCategories: adultCategoryIds(categories.data ?? []),
      isChild: profile?.role === 'child',
    });
  }, [ch, categories.isPending, categories.data, profile?.role]);
  // The channel viewer's PIN rule (asks once the channel is known to be adult).
  const pin = useAdultGate(ch?.id ?? null, adult);
  const gate = ch ? embedGate(ch, pin.gate) : null;
  const stream = useStream(ch && gate?.kind === 'play' ? { channelId: ch.id, ts } : null);

  useEffect(() => {
    if (ch) document.title = ch.name;
  }, [ch]);

  if (channel.isPending) return <Frame><Spinner label={t('embed.loading')} /></Frame>;
  if (!ch) {
    const notFound = isApiError(channel.error) && channel.error.status === 404;
    return (
      <Frame>
        <Message text={notFound ? t('embed.notFound') : t('embed.error')}>
          {!notFound && <Button onClick={() => void channel.refetch()}>{t('embed.retry')}</Button>}
        </Message>
      </Frame>
    );
  }
  if (gate?.kind === 'notPurchased' || gate?.kind === 'unavailable') {
    const fallback = gate.kind === 'notPurchased' ? t('embed.notPurchased') : t('embed.notAvailable');
    return (
      <Frame>
        <Message text={gate.message ?? fallback}>
          <SiteLink channel={ch} ts={ts} />
        </Message>
      </Frame>
    );
  }
  if (gate?.kind === 'pin') {
    return (
      <Frame>
        <Message title={t('embed.adultTitle')} text={t('embed.adultText')}>
          <Button onClick={pin.ask}>{t('embed.enterPin')}</Button>
        </Message>
      </Frame>
    );
  }
  if (stream.error) {
    // 403 permission_denied and other refusals carry the server's text.
    const text = isApiError(stream.error) && stream.error.message ? stream.error.message : t('embed.error');
    return (
      <Frame>
        <Message text={text}>
          {isApiError(stream.error) && stream.error.status === 403 ? (
            <SiteLink channel={ch} ts={ts} />
          ) : (
            <Button onClick={() => void stream.refetch()}>{t('embed.retry')}</Button>
          )}
        </Message>
      </Frame>
    );
  }
  return <EmbedPlayer channel={ch} answer={stream.data ?? null} ts={ts} />;
}

function EmbedPlayer({ channel, answer, ts }: { channel: Channel; answer: StreamAnswer | null; ts: number | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const source = useMemo(() => (answer ? toSource(answer, channel, ts) : null), [answer, channel, ts]);

  // The frame's keys reach the player without a click first.
  useEffect(() => {
    root.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={root} className={frame.frame} tabIndex={-1} aria-label={t('embed.playerLabel', { channel: channel.name })} data-testid="channel-embed">
      <Player
        source={source}
        className={styles.player}
        // The next programme's title comes with the channel's fresh current_schedule.
        onProgrammeEnd={() => void client.invalidateQueries({ queryKey: [...channelKeys.all, 'one'] })}
      />
    </div>
  );
}

/** The stream answer as the player's source (live: the programme on air for the live tick). */
function toSource(a: StreamAnswer, ch: Channel, ts: number | null): PlayerSource {
  const info = a.stream_info;
  const kind = info?.kind === 'archive' ? 'archive' : 'live';
  const cur = ch.current_schedule;
  return {
    url: a.hls,
    kind,
    hasArchive: info?.has_archive ?? false,
    archiveFrom: info?.archive_from || undefined,
    startAt: kind === 'archive' ? (ts ?? info?.start) : undefined,
    programme: kind === 'live' && cur ? { start: cur.timestamp, end: cur.timestamp + cur.duration, title: cur.title } : undefined,
    blackouts: info?.blackouts,
    statId: a.stat?.id != null ? String(a.stat.id) : undefined,
    contentKey: `channel:${ch.id}`,
    title: kind === 'live' && cur ? cur.title : ch.name,
    subtitle: ch.name,
    artwork: ch.cover?.full || undefined,
  };
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={frame.frame} data-testid="channel-embed">
      {children}
    </div>
  );
}

function Message({ title, text, children }: { title?: string; text: string; children?: ReactNode }) {
  return (
    <div className={frame.message} role="status">
      {title && <h1 className={frame.title}>{title}</h1>}
      <p className={frame.text}>{text}</p>
      {children}
    </div>
  );
}

/** Opens the channel on Efir itself in a new window (buying and signing in happen there). */
function SiteLink({ channel, ts }: { channel: Channel; ts: number | null }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  return (
    <a className={frame.link} href={siteChannelUrl(window.location.origin, channel, ts)} target="_blank" rel="noopener noreferrer">
      {t('embed.openSite', { brand })}
      <span className="visually-hidden"> {t('embed.newWindow')}</span>
    </a>
  );
}
