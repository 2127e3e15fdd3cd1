import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  archivePath,
  contentPagePath,
  decidePlay,
  fetchVodStream,
  isLostContent,
  LostContent,
  needsAgeCheck,
  NotAvailableModal,
  PacketsModal,
  playTarget,
  QueryState,
  rememberStartAfterBuy,
  useContent,
  useContentMeta,
  useEpisodeLabel,
  useEpisodes,
  useRootContent,
  watchPath,
  type Content,
  type ContentMeta,
} from '@/features/content';
import { Player, type PlayerSource } from '@/features/player';
import { isApiError } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, Spinner } from '@/shared/ui';
import { chooseNext } from './rules/nextEpisode';
import { RESTART_OFFER_MS, resumeFrom } from './rules/resume';
import { useHistoryReport } from './useHistoryReport';
import { useVodGate } from './useVodGate';
import { useWatchClose } from './useWatchClose';
import styles from './Watch.module.css';

/**
 * /watch/{id or slug} (spec 2, 4 "Content page and play flow"): loads the content and its
 * meta; a series or season plays the episode to go on with; a content that cannot be
 * played shows content_not_available, an unpurchased one the packets that sell it, a
 * programme's catch-up goes to the archive; above the age limit the PIN is asked; then
 * the stream plays, resuming where the viewer stopped.
 */
export function WatchPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const content = useContent(id);
  const c = content.data;
  const meta = useContentMeta(c?.id);
  useWatchClose(c);

  // A series or a season plays its next episode: that episode's own watch address.
  const group = c && (c.content_type === 'series' || c.content_type === 'season');
  useEffect(() => {
    if (!c || !group || !meta.data) return;
    const target = playTarget(c, null, meta.data);
    if (target && target.id !== c.id) navigate(watchPath(target), { replace: true, state: location.state });
  }, [c, group, meta.data, navigate, location.state]);

  if (content.error && isLostContent(content.error)) return <LostContent content={content.error.content} />;
  if (!c || content.error) return <QueryState error={content.error} onRetry={() => void content.refetch()} />;
  if (meta.error) return <QueryState error={meta.error} onRetry={() => void meta.refetch()} />;
  if (!meta.data || group) return <Spinner label={t('app.loading')} />;
  return <WatchContent key={c.id} content={c} meta={meta.data} />;
}

function WatchContent({ content, meta }: { content: Content; meta: ContentMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isChild = useSession().profile?.role === 'child';
  const decision = decidePlay(meta);
  const [dismissed, setDismissed] = useState(false);

  // Spec 4 3: a programme's catch-up plays on its channel.
  useEffect(() => {
    if (decision.kind === 'schedule') navigate(archivePath(decision.channelId, decision.startAt), { replace: true });
  }, [decision, navigate]);
  useEffect(() => {
    if (decision.kind === 'pay') rememberStartAfterBuy(content.id);
  }, [decision.kind, content.id]);

  const { gate, ask } = useVodGate(content.id, decision.kind === 'play' ? needsAgeCheck(content, isChild) : null);

  if (decision.kind === 'schedule') return <Spinner label={t('app.loading')} />;
  if (decision.kind !== 'play') {
    const back = () => setDismissed(true);
    return (
      <section className={styles.notice} data-watch-state={decision.kind}>
        <WatchTitle content={content} />
        <p>{decision.kind === 'pay' ? t('watch.needsPacket') : t('content.content_not_available')}</p>
        <ButtonLink to={contentPagePath(content)} variant="secondary">
          {t('watch.toContent')}
        </ButtonLink>
        {!dismissed && decision.kind === 'pay' && <PacketsModal packets={decision.packets} onClose={back} />}
        {!dismissed && decision.kind === 'unavailable' && (
          <NotAvailableModal latest={meta.stream_using?.content_schedule ?? null} onClose={back} />
        )}
      </section>
    );
  }
  if (gate === 'refused') {
    return (
      <section className={styles.notice} data-watch-state="pin">
        <WatchTitle content={content} />
        <p>{t('watch.pinNeeded')}</p>
        <Button onClick={ask}>{t('watch.enterPin')}</Button>
      </section>
    );
  }
  if (gate === 'asking') return <Spinner label={t('watch.checkingAge')} />;
  return <Playback content={content} meta={meta} state={location.state} />;
}

function WatchTitle({ content }: { content: Content }) {
  const label = useEpisodeLabel();
  const sub = content.content_type === 'episode' ? label(content) : '';
  return (
    <h1 className={styles.title}>
      {content.title}
      {sub ? <span className={styles.sub}> · {sub}</span> : null}
    </h1>
  );
}

function Playback({ content, meta, state }: { content: Content; meta: ContentMeta; state: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  const box = useRef<HTMLDivElement>(null);
  const { root } = useRootContent(content);
  const label = useEpisodeLabel();
  useDocumentMeta({
    title: root && root.id !== content.id ? `${root.title} · ${label(content)}` : content.title,
    noindex: true,
  });
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

  const libraryId = meta.stream_using?.library_id ?? content.library_id ?? 0;
  const stream = useQuery({
    queryKey: ['contents', 'stream', libraryId, content.id, token],
    queryFn: ({ signal }) => fetchVodStream(libraryId, content.id, start ?? undefined, { signal }),
    enabled: libraryId > 0,
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });
  const { onWatched10s } = useHistoryReport(content.id, () => box.current?.querySelector('video') ?? null);

  const next = chooseNext(content, episodes.data, meta.next_to_play ?? content.next_to_play ?? null);
  const [ended, setEnded] = useState(false);
  const goNext = () => {
    if (next) navigate(watchPath(next), { replace: true, state });
  };

  const url = stream.data?.hls_mbr || stream.data?.hls || '';
  const poster = content.cover?.src_16x9 || content.background?.web || undefined;
  const source: PlayerSource | null = url
    ? { url, kind: 'vod', startPosition: start ?? undefined, contentKey: `content:${content.id}`, title: content.title, poster, statId: stream.data?.stat?.id }
    : null;

  return (
    <div className={styles.watch} data-content-id={content.id}>
      <div className={styles.stage} ref={box}>
        {stream.error ? (
          <div className={styles.streamError} role="alert">
            <p>{isApiError(stream.error) && stream.error.status === 403 ? stream.error.message || t('content.content_not_available') : errorMessage(t, stream.error)}</p>
            <Button onClick={() => void stream.refetch()}>{t('content.retry')}</Button>
          </div>
        ) : (
          <Player source={source} onWatched10s={onWatched10s} onNearEnd={next ? goNext : undefined} onEnded={() => setEnded(true)} />
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
