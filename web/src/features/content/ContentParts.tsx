import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRating, ratingColor } from '@/features/rows';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { buildBreadcrumbs, type Crumb } from './rules/breadcrumbs';
import { trimDescription } from './rules/description';
import { contentRatings } from './rules/ratings';
import type { Content, PersonRef } from './types';
import styles from './Content.module.css';

/** "Season 2, episode 3", "Episode 3" or "Season 2" of a season or an episode. */
export function useEpisodeLabel() {
  const { t } = useTranslation();
  return (c: Pick<Content, 'season' | 'series' | 'content_type'>): string => {
    if (c.content_type === 'season' && c.season) return t('content.seasonN', { n: c.season });
    if (c.season && c.series) return t('content.seasonEpisode', { season: c.season, episode: c.series });
    if (c.series) return t('content.episodeN', { n: c.series });
    return '';
  };
}

/** Spec 2 "Content detail": start page, section, content, episode. */
export function Breadcrumbs({ content, child }: { content: Content; child?: Content | null }) {
  const { t } = useTranslation();
  const label = useEpisodeLabel();
  const name = (c: Crumb): string => {
    switch (c.kind) {
      case 'home':
        return t('content.crumbHome');
      case 'movies':
      case 'series':
      case 'programs':
        return t(`content.section.${c.kind}`);
      case 'child':
        return [label({ season: c.season ?? null, series: c.series ?? null, content_type: c.series ? 'episode' : 'season' }), c.title]
          .filter(Boolean)
          .join(' · ');
      default:
        return c.title ?? '';
    }
  };
  const crumbs = buildBreadcrumbs(content, child);
  return (
    <nav aria-label={t('content.breadcrumbs')} className={styles.crumbs}>
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${c.kind}-${i}`}>
              {c.to && !last ? <Link to={c.to}>{name(c)}</Link> : <span aria-current={last ? 'page' : undefined}>{name(c)}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Hours and minutes of a duration in seconds ('' for none). */
export function useDurationText() {
  const { t } = useTranslation();
  return (seconds: number): string => {
    if (!seconds || seconds < 60) return '';
    const h = Math.floor(seconds / 3600);
    const m = Math.round((seconds % 3600) / 60);
    return h > 0 ? t('content.durationHm', { h, m }) : t('content.durationM', { m });
  };
}

/** Tags: year, genres (links to their rows), countries, duration and the age or motion rating. */
export function Tags({ content }: { content: Content }) {
  const { t } = useTranslation();
  const duration = useDurationText();
  const age = content.motion_rating?.text || (content.age >= 0 ? `${content.age}+` : '');
  const length = content.content_type === 'movie' || content.content_type === 'episode' ? duration(content.duration) : '';
  return (
    <ul className={styles.tags} aria-label={t('content.tags')}>
      {content.year ? <li>{content.year}</li> : null}
      {content.genres.map((g) => (
        <li key={`g${g.id}`}>{g.row_slug ? <Link to={`/row/${encodeURIComponent(g.row_slug)}`}>{g.name}</Link> : g.name}</li>
      ))}
      {content.countries.map((c) => (
        <li key={`c${c.id}`}>{c.name}</li>
      ))}
      {length ? <li>{length}</li> : null}
      {age ? (
        <li className={styles.age}>
          <span className="visually-hidden">{t('content.age')} </span>
          {age}
        </li>
      ) : null}
    </ul>
  );
}

const RATING_NAMES: Record<string, string> = { kinopoisk: 'Kinopoisk', imdb: 'IMDb' };

/** Ratings to one decimal, each coloured by its value (spec 5). */
export function Ratings({ content }: { content: Content }) {
  const { t, i18n } = useTranslation();
  const list = contentRatings(content);
  if (list.length === 0) return null;
  return (
    <ul className={styles.ratings} aria-label={t('content.ratings')}>
      {list.map((r) => (
        <li key={r.type} data-rating={r.type}>
          <span className={styles.ratingValue} style={{ background: ratingColor(r.value) }}>
            {formatRating(r.value, i18n.language)}
          </span>
          <span className={styles.ratingSource}>{RATING_NAMES[r.type] ?? r.type}</span>
        </li>
      ))}
    </ul>
  );
}

const ROLE_ORDER = ['director', 'actor', 'writer', 'producer', 'composer', 'presenter', 'editor'] as const;
type Role = (typeof ROLE_ORDER)[number];

/** Credits grouped by role, each name linking to the person page over the current page. */
export function Persons({ persons }: { persons: PersonRef[] | undefined }) {
  const { t } = useTranslation();
  const state = useModalPageState();
  if (!persons?.length) return null;
  const groups = ROLE_ORDER.map((role) => ({ role, list: persons.filter((p) => p.role === role) })).filter((g) => g.list.length > 0);
  return (
    <section className={styles.section} aria-labelledby="content-persons">
      <h2 id="content-persons" className={styles.sectionTitle}>
        {t('content.persons')}
      </h2>
      <dl className={styles.credits}>
        {groups.map((g) => (
          <div key={g.role} className={styles.creditRow}>
            <dt>{t(`content.role.${g.role as Role}`)}</dt>
            <dd>
              {g.list.map((p, i) => (
                <span key={`${p.id}-${g.role}`}>
                  {i > 0 && ', '}
                  <Link to={`/persons/${encodeURIComponent(p.slug || String(p.id))}`} state={state}>
                    {p.name}
                  </Link>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The description: 600 characters, then 'show all' when there is more (spec 2). */
export function Description({ text }: { text: string | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const d = trimDescription(text);
  if (d.paragraphs.length === 0) return null;
  return (
    <div className={styles.description}>
      <div id={id}>{open ? d.paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p>{d.short}</p>}</div>
      {d.expandable && (
        <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
          {open ? t('content.showLess') : t('content.showAll')}
        </button>
      )}
    </div>
  );
}
