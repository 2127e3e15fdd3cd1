import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { contentImage, contentRating, contentTilePath, formatRating, ratingColor, type TileShape } from '../rules/content';
import type { Content } from '../types';
import { TileImage } from './TileImage';
import styles from './Tiles.module.css';

export interface ContentTileProps {
  content: Content;
  /** 'poster' (2:3, default) or 'cover' (16:9). */
  shape?: TileShape;
  /** The row's library, carried to the content page as ?library_id. */
  libraryId?: number | null;
  /** Where the tile leads instead of the content page (history items go to /watch). */
  to?: string;
  /** A watched share in percent (0-100) drawn as a bar under the picture. */
  progress?: number | null;
  /** A line under the title instead of year, genre and country (e.g. 'Season 2, episode 3'). */
  subtitle?: string;
  /** Load the picture at once (the first rows of a page). */
  eager?: boolean;
}

/** Picture sizes of spec 9 "Images" (content 282/222/202, tile 332): intrinsic sizes for layout. */
const SIZE: Record<TileShape, [number, number]> = { poster: [282, 423], cover: [332, 187] };

/**
 * A content tile (spec 2 content-v, content-h): poster or cover, title, year and genre,
 * the age and the rating (one decimal, coloured by value), a link to the content page
 * (an episode to /watch); both are modal pages, opened over the current page.
 */
export function ContentTile({ content: c, shape = 'poster', libraryId, to, progress, subtitle, eager }: ContentTileProps) {
  const { t, i18n } = useTranslation();
  const state = useModalPageState();
  const rating = contentRating(c);
  const [w, h] = SIZE[shape];
  const meta = subtitle ?? [c.year || '', c.genres?.[0]?.name ?? '', c.countries?.[0]?.name ?? ''].filter(Boolean).join(' · ');
  const target = to ?? contentTilePath(c, libraryId ?? c.library_id);
  return (
    <Link to={target} state={state} className={`${styles.tile} ${styles[shape] ?? ''}`} data-content-id={c.id} draggable={false}>
      <span className={styles.media}>
        <TileImage src={contentImage(c, shape)} width={w} height={h} stubText={c.title} eager={eager} />
        {c.age > 0 && (
          <span className={styles.age}>
            <span className="visually-hidden">{t('rows.age')} </span>
            {`${c.age}+`}
          </span>
        )}
        {rating != null && (
          <span className={styles.rating} style={{ background: ratingColor(rating) }}>
            <span className="visually-hidden">{t('rows.rating')} </span>
            {formatRating(rating, i18n.language)}
          </span>
        )}
        {progress != null && progress > 0 && (
          <span className={styles.progress} aria-hidden="true">
            <span style={{ width: `${Math.min(100, progress)}%` }} />
          </span>
        )}
      </span>
      <span className={styles.title}>{c.title}</span>
      {meta && <span className={styles.meta}>{meta}</span>}
    </Link>
  );
}
