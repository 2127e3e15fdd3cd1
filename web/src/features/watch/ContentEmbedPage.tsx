import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  decidePlay,
  idFromSegment,
  isLostContent,
  libraryIdOf,
  playTarget,
  useContent,
  useContentMeta,
  useRootContent,
  type Content,
} from '@/features/content';
import { isApiError, useBrandName } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { Button, Spinner } from '@/shared/ui';
import { Playback, type PlaybackProps } from './Playback';
import { channelEmbedPath, contentEmbedPath, siteContentUrl } from './rules/embed';
import frame from '@/shared/ui/EmbedFrame.module.css';

/**
 * /content_embed/{slug or id}?ignore_parental_control=1 (spec 2): the content's player alone,
 * filling a frame on another site. The play flow is the watch page's without the parental
 * PIN: spec 5 skips it for embeds (?ignore_parental_control=1 asks for nothing more), but
 * only inside another site's frame: opened as a page of its own, the server asks for the PIN
 * and the player shows #pincode (Playback). What the server refuses stays refused (a child
 * profile gets 404 or 403 for 18+). A content
 * that cannot play says why in the frame, with one link: its page on the site, in a new window.
 */
export default function ContentEmbedPage() {
  const { t } = useTranslation();
  const { id: segment } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const contentId = idFromSegment(segment);
  const libraryParam = libraryIdOf(search) ?? null;
  const content = useContent(contentId);
  const c = content.data;
  const meta = useContentMeta(c?.id);
  const { root } = useRootContent(c);
  const decision = meta.data ? decidePlay(meta.data) : null;

  // A series or season plays the episode to go on with; a programme's catch-up plays in the
  // channel embed. Both stay in the frame.
  const group = c && (c.content_type === 'series' || c.content_type === 'season');
  const target = c && group && meta.data ? playTarget(c, null, meta.data) : null;
  const redirect =
    target && c && target.id !== c.id
      ? contentEmbedPath(target, search)
      : decision?.kind === 'schedule'
        ? channelEmbedPath(decision.channelId, decision.startAt)
        : null;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  if (contentId === null) return <NotFound />;
  if (content.error && isLostContent(content.error)) {
    const lost = content.error.content;
    return (
      <Notice state="lost" title={lost.title} text={t('content.lostTitle')}>
        <SiteLink content={lost} />
      </Notice>
    );
  }
  if (content.error) return <Failure error={content.error} onRetry={() => void content.refetch()} />;
  if (!c) return <Loading />;
  if (meta.error) return <Failure error={meta.error} onRetry={() => void meta.refetch()} />;
  if (!meta.data || !decision || redirect) return <Loading />;
  // A series with nothing to play yet has no episode to go to.
  if (group) return <Notice state="unavailable" title={c.title} text={t('content.content_not_available')}><SiteLink content={c} /></Notice>;
  if (decision.kind === 'pay' || decision.kind === 'unavailable') {
    return (
      <Notice state={decision.kind} title={c.title} text={decision.kind === 'pay' ? t('watch.needsPacket') : t('content.content_not_available')}>
        <SiteLink content={c} root={root} />
      </Notice>
    );
  }
  return <EmbedPlayback key={c.id} content={c} meta={meta.data} libraryParam={libraryParam} />;
}

function EmbedPlayback(props: Omit<PlaybackProps, 'variant'>) {
  const root = useRef<HTMLDivElement>(null);
  // The frame's keys reach the player without a click first.
  useEffect(() => {
    root.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={root} className={frame.frame} tabIndex={-1} data-testid="content-embed" data-watch-state="play">
      <Playback {...props} variant="embed" />
    </div>
  );
}

function Frame({ state, children }: { state: string; children: ReactNode }) {
  return (
    <div className={frame.frame} data-testid="content-embed" data-watch-state={state}>
      {children}
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Frame state="loading">
      <Spinner label={t('app.loading')} />
    </Frame>
  );
}

function Notice({ state, title, text, children }: { state: string; title?: string; text: string; children?: ReactNode }) {
  useDocumentMeta({ title: title ?? text, noindex: true });
  return (
    <Frame state={state}>
      <div className={frame.message} role="status">
        {title && <h1 className={frame.title}>{title}</h1>}
        <p className={frame.text}>{text}</p>
        {children}
      </div>
    </Frame>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return <Notice state="not-found" text={t('notFound.content')} />;
}

/** 404: not found (also what a child profile gets for 18+); anything else can be retried. */
function Failure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.status === 404) return <NotFound />;
  return (
    <Notice state="error" title={t('content.loadError')} text={errorMessage(t, error)}>
      <Button onClick={onRetry}>{t('content.retry')}</Button>
    </Notice>
  );
}

/** The content's page on the site in a new window: buying, signing in and the rest happen there. */
function SiteLink({ content, root }: { content: Content; root?: Content | null }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  return (
    <a className={frame.link} href={siteContentUrl(window.location.origin, content, root)} target="_blank" rel="noopener noreferrer">
      {t('embed.openSite', { brand })}
      <span className="visually-hidden"> {t('embed.newWindow')}</span>
    </a>
  );
}
