import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { FavoriteButton, ShareButton, TrailerButton, WatchButton, type WatchButtonLook } from './Actions';
import { Breadcrumbs, Description, Persons, Ratings, Tags, useEpisodeLabel } from './ContentParts';
import { Episodes } from './Episodes';
import { backgroundOf, Hero } from './Hero';
import { useContentMeta, useSources } from './queries';
import { contentPagePath } from './links';
import { RatingControl } from './RatingControl';
import { CatchupSources, Similar } from './Related';
import { cleanDescription } from './rules/description';
import { decidePlay, playTarget } from './rules/play';
import type { Content, ContentMeta } from './types';
import { useFavoriteSwitch } from './useFavoriteSwitch';
import { usePageMeta } from './usePageMeta';
import { useWatchAction } from './useWatchAction';
import styles from './Content.module.css';

const hasEpisodes = (c: Content) => c.content_type === 'series' || c.content_type === 'season' || c.content_type === 'program';

/** The trailer to offer: the content's first, else the one the trailer button names. */
function trailerOf(content: Content, meta: ContentMeta | undefined): number | null {
  const fromButton = meta?.buttons.find((b) => b.button_type === 'trailer')?.button_data?.trailer_id;
  return content.trailers?.[0]?.id ?? (typeof fromButton === 'number' ? fromButton : null);
}

/** Everything of spec 2 "Content detail" for one content and its chosen child. */
export function ContentView({ content, child }: { content: Content; child: Content | null }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const meta = useContentMeta(content.id);
  const sources = useSources(content.id);
  const latest = sources.data?.[0] ?? meta.data?.stream_using?.content_schedule ?? null;
  const watch = useWatchAction(meta.data, latest);
  const favorite = useFavoriteSwitch('content', content.id, meta.data?.favorite ?? false);
  const label = useEpisodeLabel();

  const episode = child?.content_type === 'episode' ? child : null;
  const target = playTarget(content, episode, meta.data);
  const trailerId = trailerOf(content, meta.data);
  const look = watchLook();

  function watchLook(): WatchButtonLook {
    const pending = watch.pending || (hasEpisodes(content) && !target && content.content_type !== 'program');
    const onClick = () => target && watch.play(target);
    if (!meta.data) return { caption: t('content.watch'), pending, onClick };
    const decision = decidePlay(meta.data);
    const sub = target && target.id !== content.id ? label(target) : undefined;
    if (decision.kind === 'pay') {
      const pay = meta.data.buttons.find((b) => b.button_type === 'pay');
      return { caption: pay?.caption || t('content.buy'), sub: pay?.sub_caption || sub, pending, onClick, play: false };
    }
    if (decision.kind === 'schedule') return { caption: t('content.watchArchive'), sub, pending, onClick };
    const continues = target && meta.data.next_to_play?.id === target.id ? meta.data.is_continuation : !episode && meta.data.is_continuation;
    return { caption: continues ? t('content.continue') : t('content.watch'), sub, pending, onClick };
  }

  const shown = episode ?? content;
  const description = cleanDescription(episode?.description) || content.description;
  usePageMeta({
    mask: '/contents/*',
    name: child ? `${content.title} · ${label(child)}` : content.title,
    description,
    canonical: contentPagePath(content, child),
    image: content.cover?.src_2x3 || backgroundOf(content),
  });
  const license = meta.data?.user_license_info;

  return (
    <article className={styles.page} data-content-id={content.id} data-content-type={content.content_type}>
      <Hero content={content} trailerId={trailerId} />
      <header className={styles.head}>
        <Breadcrumbs content={content} child={child} />
        <h1 className={styles.title}>{content.title}</h1>
        {child && (
          <p className={styles.childTitle} data-testid="chosen-child">
            <span className={styles.childLabel}>{label(child)}</span>
            {child.content_type === 'episode' && child.title !== content.title ? ` ${child.title}` : ''}
          </p>
        )}
        {content.original && content.original !== content.title ? <p className={styles.original}>{content.original}</p> : null}
        <Tags content={{ ...content, duration: shown.duration, content_type: shown.content_type }} />
        <Ratings content={content} />
        <div className={styles.actions}>
          {!isPhone && <WatchButton look={look} />}
          {!isPhone && <FavoriteButton {...favorite} onToggle={() => void favorite.toggle()} />}
          {trailerId != null && <TrailerButton trailerId={trailerId} />}
          <ShareButton title={content.title} />
        </div>
        {meta.data && <RatingControl content={content} rating={meta.data.user_rating} />}
        {license ? (
          <p className={styles.license} style={{ color: license.color || undefined }}>
            {license.text}
          </p>
        ) : null}
      </header>
      <div className={styles.body}>
        <Description text={description} />
        <Persons persons={content.persons} />
        {hasEpisodes(content) && <Episodes content={content} child={child} next={meta.data?.next_to_play ?? content.next_to_play ?? null} onPlay={watch.play} />}
        <CatchupSources sources={sources.data ?? []} />
        <Similar contentId={content.id} />
      </div>
      {isPhone && (
        <div className={styles.bottomBar}>
          <WatchButton look={look} className={styles.bottomWatch} />
          <FavoriteButton {...favorite} onToggle={() => void favorite.toggle()} />
        </div>
      )}
      {watch.modal}
    </article>
  );
}
