import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '@/shared/api';
import { useSession } from '@/shared/session';
import type { ScheduleEntry } from '../types';
import styles from './Viewer.module.css';

/** A catalogue title as the recommendations list it (the fields read here). */
interface Recommended {
  id: number;
  slug: string;
  title: string;
  content_type?: string;
}

const RECOMMENDED_MAX = 12;

/**
 * The channel viewer's recommended episodes (spec "Channel viewer"): for a programme that is
 * an episode of a catalogue series, the series' other episodes; for one linked to another
 * title, the titles like it. Nothing for programmes the catalogue does not know.
 */
export function RecommendedEpisodes({ entry }: { entry: ScheduleEntry | undefined }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const series = entry?.parent_id ?? null;
  const content = entry?.content_id ?? null;
  const list = useQuery({
    queryKey: ['channels', 'recommended', series, content, token],
    queryFn: ({ signal }) =>
      series !== null
        ? apiFetch<Recommended[]>(`/contents/${series}/episodes`, { signal })
        : apiFetch<Recommended[]>(`/contents/${content}/similar`, { signal }),
    enabled: series !== null || content !== null,
    staleTime: 300_000,
  });
  const items = (list.data ?? []).filter((c) => c.id !== content).slice(0, RECOMMENDED_MAX);
  if (!items.length) return null;
  return (
    <section className={styles.recommended} aria-labelledby="recommended-title">
      <h2 id="recommended-title">{t('channels.recommended')}</h2>
      <ul>
        {items.map((c) => (
          <li key={c.id}>
            <Link to={`/contents/${c.slug || c.id}`}>{c.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
