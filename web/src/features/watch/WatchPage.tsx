import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  archivePath,
  contentPagePath,
  decidePlay,
  isLostContent,
  libraryIdOf,
  LostContent,
  needsAgeCheck,
  NotAvailableModal,
  PacketsModal,
  playTarget,
  QueryState,
  rememberStartAfterBuy,
  useContent,
  useContentMeta,
  watchPath,
  type Content,
  type ContentMeta,
} from '@/features/content';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, Spinner } from '@/shared/ui';
import { Playback, WatchTitle } from './Playback';
import { useVodGate } from './useVodGate';
import { useWatchClose } from './useWatchClose';
import styles from './Watch.module.css';

/**
 * /watch/{id or slug} (spec 2, 4 "Content page and play flow"): loads the content and its
 * meta; a series or season plays the episode to go on with; a content that cannot be
 * played shows content_not_available, an unpurchased one the packets that sell it, a
 * programme's catch-up goes to the archive; above the age limit the PIN is asked; then
 * the stream plays, resuming where the viewer stopped. ?library_id=N (from the content
 * page) names the library to stream from.
 */
export function WatchPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const libraryParam = libraryIdOf(location.search) ?? null;
  const content = useContent(id);
  const c = content.data;
  const meta = useContentMeta(c?.id);
  useWatchClose(c);

  // A series or a season plays its next episode: that episode's own watch address.
  const group = c && (c.content_type === 'series' || c.content_type === 'season');
  useEffect(() => {
    if (!c || !group || !meta.data) return;
    const target = playTarget(c, null, meta.data);
    // The library chosen for the series holds its episodes: the query goes along.
    if (target && target.id !== c.id) navigate(watchPath(target) + location.search, { replace: true, state: location.state });
  }, [c, group, meta.data, navigate, location.state, location.search]);

  if (content.error && isLostContent(content.error)) return <LostContent content={content.error.content} />;
  if (!c || content.error) return <QueryState error={content.error} onRetry={() => void content.refetch()} />;
  if (meta.error) return <QueryState error={meta.error} onRetry={() => void meta.refetch()} />;
  if (!meta.data || group) return <Spinner label={t('app.loading')} />;
  return <WatchContent key={c.id} content={c} meta={meta.data} libraryParam={libraryParam} />;
}

function WatchContent({ content, meta, libraryParam }: { content: Content; meta: ContentMeta; libraryParam: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
  return <Playback content={content} meta={meta} libraryParam={libraryParam} variant="page" />;
}
