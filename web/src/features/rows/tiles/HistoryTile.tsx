import { useTranslation } from 'react-i18next';
import type { TileShape } from '../rules/content';
import type { HistoryItem } from '../types';
import { ContentTile } from './ContentTile';

/**
 * A continue-watching tile (spec 2 history-h, history): the series or film, the episode's
 * season and number, how much is watched; it opens /watch with the episode (or the film).
 */
export function HistoryTile({ item, shape, eager }: { item: HistoryItem; shape: TileShape; eager?: boolean }) {
  const { t } = useTranslation();
  const ep = item.content_episode;
  const played = ep ?? item.content;
  const subtitle =
    ep && ep.season != null && ep.series != null
      ? t('rows.episodeOf', { season: ep.season, series: ep.series })
      : ep?.title || (item.content.year ? String(item.content.year) : '');
  const content = item.screenshot && shape === 'cover' ? { ...item.content, cover: { ...item.content.cover, src_16x9: item.screenshot } } : item.content;
  return (
    <ContentTile
      content={content}
      shape={shape}
      to={`/watch/${encodeURIComponent(played.slug || String(played.id))}`}
      progress={item.watch_percentage}
      subtitle={subtitle}
      eager={eager}
    />
  );
}
