import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRunMode } from '@/shared/lib/runMode';
import { showAlert } from '@/shared/ui';
import { EPISODES_FIRST } from '../constants';
import { formatTime } from '../ProgressBar';
import { isFavored, useFavorites, useProgram, useToggleFavorite } from '../queries';
import type { Category, Channel, ScheduleEntry } from '../types';
import styles from './Viewer.module.css';

interface Props {
  channel: Channel;
  entry: ScheduleEntry | undefined;
  category: Category | undefined;
  live: boolean;
  scheduleShown: boolean;
  onToggleSchedule(): void;
}

/** Title with the channel name, tags, ratings, persons and the buttons (spec "Channel viewer"). */
export function ProgrammeInfo({ channel, entry, category, live, scheduleShown, onToggleSchedule }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const program = useProgram(entry?.program);
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const programFavored = !!entry?.program && !!favorites.data?.some((f) => f.kind === 'program' && f.object_id === entry.program);
  const channelFavored = isFavored(channel);
  // Spec: no share button inside an app's webview (the app shares, if at all).
  const webview = useRunMode('/').webview;

  const flip = (kind: 'channel' | 'program', id: number, now: boolean) => {
    toggle(kind, id, now).catch(() => showAlert(t('channels.favoriteError'), { kind: 'error' }));
  };

  const share = async () => {
    const url = window.location.href;
    const title = entry ? `${entry.title} — ${channel.name}` : channel.name;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      showAlert(t('channels.linkCopied'));
    } catch {
      // The viewer closed the share sheet.
    }
  };

  const p = program.data;
  const genres = p?.genres ?? [];
  const countries = p?.countries ?? [];
  const rating = entry?.motion_rating?.text || (entry?.age != null ? `${entry.age}+` : null);

  return (
    <div className={styles.info}>
      <h1 className={styles.programmeTitle} data-testid="programme-title">
        {entry?.title ?? t('channels.noProgramme')}
        <span className={styles.channelName}> — {channel.name}</span>
      </h1>
      <p className={styles.when}>
        {live ? (
          <span className={styles.liveBadge}>{t('channels.live')}</span>
        ) : (
          <span className={styles.archiveBadge}>{t('channels.archive')}</span>
        )}
        {entry && (
          <span>
            {formatTime(entry.timestamp, i18n.language)} – {formatTime(entry.timestamp + entry.duration, i18n.language)}
          </span>
        )}
        {entry?.episode?.season ? <span>{t('channels.season', { n: entry.episode.season })}</span> : null}
        {entry?.episode?.series ? <span>{t('channels.episode', { n: entry.episode.series })}</span> : null}
      </p>
      <ul className={styles.tags} aria-label={t('channels.categories')}>
        {category && (
          <li>
            <Link to={`/channels/${category.slug || category.id}`}>{category.name}</Link>
          </li>
        )}
        {p?.year ? <li>{p.year}</li> : null}
        {genres.map((g) => {
          // A guide genre links to the row of the operator's genre of that name, if any lists it.
          const slug = p?.genre_rows?.find((x) => x.name === g)?.row_slug;
          return <li key={g}>{slug ? <Link to={`/row/${encodeURIComponent(slug)}`}>{g}</Link> : g}</li>;
        })}
        {(entry?.categories ?? []).filter((c) => !genres.includes(c)).map((c) => (
          <li key={c}>{c}</li>
        ))}
        {countries.map((c) => (
          <li key={c}>{c}</li>
        ))}
        {rating && <li className={styles.rating}>{rating}</li>}
      </ul>
      {entry?.ratings?.length ? (
        <ul className={styles.ratings} aria-label={t('channels.ratings')}>
          {entry.ratings.map((r) => (
            <li key={r.type}>
              <span className={styles.ratingSource}>{r.type}</span> {r.rating.toFixed(1)}
            </li>
          ))}
        </ul>
      ) : null}
      {entry?.persons?.length ? (
        <p className={styles.persons}>
          <span className={styles.muted}>{t('channels.persons')}: </span>
          {entry.persons.map((x, i) => (
            <span key={`${x.name}-${i}`}>
              {i > 0 && ', '}
              {x.slug || x.id ? <Link to={`/persons/${x.slug || x.id}`}>{x.name}</Link> : x.name}
            </span>
          ))}
        </p>
      ) : null}
      {entry?.description ? <p className={styles.description}>{entry.description}</p> : null}
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/channels'))}>
          {t('channels.back')}
        </button>
        {!webview && (
          <button type="button" className={styles.action} onClick={() => void share()}>
            {t('channels.share')}
          </button>
        )}
        <button
          type="button"
          className={styles.action}
          aria-pressed={channelFavored}
          data-action="favorite-channel"
          onClick={() => flip('channel', channel.id, channelFavored)}
        >
          {channelFavored ? t('channels.removeFavoriteChannel') : t('channels.addFavoriteChannel')}
        </button>
        {entry?.program ? (
          <button
            type="button"
            className={styles.action}
            aria-pressed={programFavored}
            onClick={() => flip('program', entry.program!, programFavored)}
          >
            {programFavored ? t('channels.removeFavoriteProgram') : t('channels.addFavoriteProgram')}
          </button>
        ) : null}
        <button type="button" className={`${styles.action} ${styles.scheduleToggle}`} aria-expanded={scheduleShown} onClick={onToggleSchedule}>
          {scheduleShown ? t('channels.hideSchedule') : t('channels.showSchedule')}
        </button>
      </div>
    </div>
  );
}

/** Other airings of the same programme (collapsible; the first 25, then all). */
export function OtherEpisodes({ entries, onPick }: { entries: ScheduleEntry[]; onPick(e: ScheduleEntry): void }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  if (!entries.length) return null;
  const shown = all ? entries : entries.slice(0, EPISODES_FIRST);
  const date = (e: ScheduleEntry) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(e.timestamp * 1000));
  return (
    <details className={styles.episodes}>
      <summary>{t('channels.otherEpisodes')}</summary>
      <ul>
        {shown.map((e) => (
          <li key={e.id}>
            <button type="button" className={styles.episode} onClick={() => onPick(e)}>
              <span className={styles.scheduleTime}>{date(e)}</span> {e.episode?.title || e.title}
            </button>
          </li>
        ))}
      </ul>
      {entries.length > EPISODES_FIRST && (
        <button type="button" className={styles.action} onClick={() => setAll((v) => !v)}>
          {all ? t('channels.showLess') : t('channels.showAll', { count: entries.length })}
        </button>
      )}
    </details>
  );
}
