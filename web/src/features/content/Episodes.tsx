import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TileImage } from '@/features/rows';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { Spinner } from '@/shared/ui';
import { useDurationText, useEpisodeLabel } from './ContentParts';
import { watchPath } from './links';
import { useEpisodes } from './queries';
import { EPISODES_FIRST, initialSeason, seasonsOf, visibleEpisodes } from './rules/seasons';
import type { Content } from './types';
import styles from './Content.module.css';

interface Props {
  content: Content;
  /** The chosen season or episode (route child). */
  child: Content | null;
  /** The episode to go on with, to open its season first. */
  next: Content | null;
  onPlay(episode: Content): void;
}

/** Spec 2: the season switcher and the episode list (the first 25, then all). */
export function Episodes({ content, child, next, onPlay }: Props) {
  const { t } = useTranslation();
  const seasons = seasonsOf(content);
  const [season, setSeason] = useState<number | null>(() => initialSeason(seasons, child, next));
  // A chosen child that changes (another episode picked by the route) moves the switcher.
  useEffect(() => {
    const s = initialSeason(seasons, child, null);
    if (child && s != null) setSeason(s);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [child?.id]);
  const bySeason = seasons.length > 0;
  const episodes = useEpisodes(content.id, bySeason ? season : null, !bySeason || season != null);
  const [all, setAll] = useState(false);
  useEffect(() => setAll(false), [season]);

  const list = episodes.data ?? [];
  const chosenId = child?.content_type === 'episode' ? child.id : null;
  const chosenIndex = chosenId == null ? -1 : list.findIndex((e) => e.id === chosenId);
  const shown = visibleEpisodes(list, all || chosenIndex >= EPISODES_FIRST);
  if (!bySeason && episodes.isSuccess && list.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="content-episodes" data-section="episodes">
      <h2 id="content-episodes" className={styles.sectionTitle}>
        {t('content.episodes')}
      </h2>
      {bySeason && (
        <div className={styles.seasons} role="group" aria-label={t('content.seasons')}>
          {seasons.map((s) => (
            <button
              key={s.id}
              type="button"
              className={styles.seasonButton}
              aria-pressed={s.season === season}
              data-season={s.season ?? undefined}
              onClick={() => setSeason(s.season ?? null)}
            >
              {t('content.seasonN', { n: s.season ?? 0 })}
            </button>
          ))}
        </div>
      )}
      {episodes.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : episodes.isError ? (
        <p className={styles.muted}>{t('content.episodesError')}</p>
      ) : (
        <>
          <ol className={styles.episodes} aria-busy={episodes.isPlaceholderData || undefined}>
            {shown.map((e) => (
              <EpisodeItem key={e.id} episode={e} chosen={e.id === chosenId} onPlay={onPlay} />
            ))}
          </ol>
          {list.length > EPISODES_FIRST && (
            <button type="button" className={styles.linkButton} aria-expanded={shown.length === list.length} onClick={() => setAll((v) => !v)}>
              {shown.length === list.length ? t('content.showLess') : t('content.showAllEpisodes', { count: list.length })}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function EpisodeItem({ episode: e, chosen, onPlay }: { episode: Content; chosen: boolean; onPlay(e: Content): void }) {
  const { t } = useTranslation();
  const state = useModalPageState();
  const label = useEpisodeLabel();
  const duration = useDurationText();
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (chosen) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [chosen]);
  const watched = e.histories?.watch_percentage ?? 0;
  const image = e.cover?.src_16x9 || e.images.find((i) => i.aspect_ratio === '16:9')?.src || '';
  const click = (ev: MouseEvent) => {
    if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    onPlay(e);
  };
  return (
    <li>
      <Link
        ref={ref}
        to={watchPath(e)}
        state={state}
        onClick={click}
        className={`${styles.episode} ${chosen ? styles.episodeChosen : ''}`}
        aria-current={chosen ? 'true' : undefined}
        data-episode-id={e.id}
        data-series={e.series ?? undefined}
      >
        <span className={styles.episodeMedia}>
          <TileImage src={image} width={168} height={95} stubText={e.title} />
          {watched > 0 && (
            <span className={styles.episodeProgress} aria-hidden="true">
              <span style={{ width: `${Math.min(100, watched)}%` }} />
            </span>
          )}
        </span>
        <span className={styles.episodeText}>
          <span className={styles.episodeNumber}>{label({ ...e, season: null })}</span>
          <span className={styles.episodeTitle}>{e.title}</span>
          <span className={styles.muted}>
            {e.is_announcement ? t('content.announcement') : duration(e.duration)}
            {watched >= 100 ? ` · ${t('content.watched')}` : watched > 0 ? ` · ${t('content.watchedPercent', { percent: watched })}` : ''}
          </span>
        </span>
      </Link>
    </li>
  );
}
