import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  contentPagePath,
  fetchVodStream,
  useEpisodeLabel,
  useEpisodes,
  useRootContent,
  watchPath,
  type Content,
  type ContentMeta,
} from '@/features/content';
import { usePinRetry } from '@/features/parental';
import { Player, type PlayerSource } from '@/features/player';
import { isApiError } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button } from '@/shared/ui';
import { contentEmbedPath, isFramed } from './rules/embed';
import { pickLibraryId, withoutLibraryParam } from './rules/library';
import { chooseNext } from './rules/nextEpisode';
import { RESTART_OFFER_MS, resumeFrom } from './rules/resume';
import { useHistoryReport } from './useHistoryReport';
import embedStyles from './Embed.module.css';
import styles from './Watch.module.css';

export interface PlaybackProps {
  content: Content;
  meta: ContentMeta;
  /** ?library_id of the address (libraryIdOf), preferred over meta's and the content's. */
  libraryParam: number | null;
  /**
   * page: the watch page's player with the title and the links under it. embed: the player
   * alone filling the frame; the next episode plays in its own embed, no link leaves it.
   */
  variant: 'page' | 'embed';
}

/**
 * The playing part of /watch and /content_embed: the stream of the content (resumed where
 * the viewer stopped, with 'watch from the beginning' for 5 s), history saving and the next
 * episode near the end. The callers have decided it may play (access, parental PIN).
 */
export function Playback({ content, meta, libraryParam, variant }: PlaybackProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, search } = useLocation();
  const { token } = useSession();
  const box = useRef<HTMLDivElement>(null);
  const { root } = useRootContent(content);
  const label = useEpisodeLabel();
  useDocumentMeta({
    title: root && root.id !== content.id ? `${root.title} · ${label(content)}` : content.title,
    noindex: true,
  });
  const embed = variant === 'embed';
  const isEpisode = content.content_type === 'episode';
  const episodes = useEpisodes(root?.id, null, isEpisode && root != null && root.id !== content.id);

  // Where to start is decided once: later meta answers (after history saves) must not reload the video.
  const [start, setStart] = useState<number | null>(() => resumeFrom(meta.history));
  const [offerRestart, setOfferRestart] = useState(start !== null);
  // The offer lasts 5 s of the video playing (not of the stream loading).
  useEffect(() => {
    const v = box.current?.querySelector('video');
    if (!offerRestart || !v) return;
    let timer = 0;
    const start = () => {
      if (!timer) timer = window.setTimeout(() => setOfferRestart(false), RESTART_OFFER_MS);
    };
    if (!v.paused && v.currentTime > 0) start();
    v.addEventListener('playing', start);
    return () => {
      v.removeEventListener('playing', start);
      window.clearTimeout(timer);
    };
  }, [offerRestart]);

  const libraryId = pickLibraryId({ param: libraryParam, meta: meta.stream_using?.library_id, content: content.library_id });
  // The PIN is skipped for an embed only inside another site's frame: the same address
  // opened as a page of its own asks for it like the watch page (the server enforces it).
  const framed = embed && isFramed();
  const stream = useQuery({
    queryKey: ['contents', 'stream', libraryId, content.id, token, framed],
    queryFn: ({ signal }) => fetchVodStream(libraryId, content.id, start ?? undefined, { signal, embed: framed }),
    enabled: libraryId > 0,
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });
  const refetchStream = stream.refetch;
  const retryStream = useCallback(() => void refetchStream(), [refetchStream]);
  const pin = usePinRetry(stream.error, 'vod', retryStream);
  const { onWatched10s } = useHistoryReport(content.id, () => box.current?.querySelector('video') ?? null);

  const next = chooseNext(content, episodes.data, meta.next_to_play ?? content.next_to_play ?? null);
  const [ended, setEnded] = useState(false);
  // ?library_id names the library of this content: the next episode picks its own.
  const nextPath = (c: Content) => (embed ? contentEmbedPath(c, withoutLibraryParam(search)) : watchPath(c));
  const goNext = () => {
    if (next) navigate(nextPath(next), { replace: true, state });
  };

  const url = stream.data?.hls_mbr || stream.data?.hls || '';
  const poster = content.cover?.src_16x9 || content.background?.web || undefined;
  const source: PlayerSource | null = url
    ? {
        url,
        kind: 'vod',
        startPosition: start ?? undefined,
        contentKey: `content:${content.id}`,
        title: content.title,
        poster,
        statId: stream.data?.stat?.id,
        thumbnails: stream.data?.screenshot_url ? { url: stream.data.screenshot_url, offset: 0 } : undefined,
      }
    : null;

  const stage = (
    <div className={embed ? embedStyles.stage : styles.stage} ref={box}>
      {pin.required ? (
        // The server asks for the PIN: #pincode opens at once; closed, it can be opened again.
        <div className={styles.streamError} role="alert">
          <p>{isApiError(stream.error) && stream.error.message ? stream.error.message : t('embed.adultText')}</p>
          <Button onClick={pin.ask}>{t('embed.enterPin')}</Button>
        </div>
      ) : stream.error ? (
        <div className={styles.streamError} role="alert">
          <p>{isApiError(stream.error) && stream.error.status === 403 ? stream.error.message || t('content.content_not_available') : errorMessage(t, stream.error)}</p>
          <Button onClick={() => void stream.refetch()}>{t('content.retry')}</Button>
        </div>
      ) : (
        <Player
          source={source}
          onWatched10s={onWatched10s}
          onNearEnd={next ? goNext : undefined}
          onEnded={() => setEnded(true)}
          onWatchHere={retryStream}
        />
      )}
      {offerRestart && source && (
        <button
          type="button"
          className={styles.restart}
          data-action="restart"
          onClick={() => {
            setStart(0);
            setOfferRestart(false);
          }}
        >
          {t('watch.fromBeginning')}
        </button>
      )}
    </div>
  );
  if (embed) {
    return (
      <div className={embedStyles.playback} data-content-id={content.id}>
        {stage}
      </div>
    );
  }

  return (
    <div className={styles.watch} data-content-id={content.id}>
      {stage}
      <div className={styles.info}>
        <WatchTitle content={content} />
        {content.content_type === 'episode' && content.title && root && root.title !== content.title ? (
          <p className={styles.muted}>{root.title}</p>
        ) : null}
        <div className={styles.links}>
          <Link to={root && root.id !== content.id ? contentPagePath(root, content) : contentPagePath(content)} className={styles.link}>
            {t('watch.toContent')}
          </Link>
          {next && (
            <Link to={watchPath(next)} replace state={state} className={styles.link} data-action="next-episode">
              {t('watch.nextEpisode')}
            </Link>
          )}
        </div>
        {ended && !next && <p className={styles.muted}>{t('watch.ended')}</p>}
      </div>
    </div>
  );
}

export function WatchTitle({ content }: { content: Content }) {
  const label = useEpisodeLabel();
  const sub = content.content_type === 'episode' ? label(content) : '';
  return (
    <h1 className={styles.title}>
      {content.title}
      {sub ? <span className={styles.sub}> · {sub}</span> : null}
    </h1>
  );
}
