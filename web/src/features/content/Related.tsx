import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentTile, TileGrid } from '@/features/rows';
import { archivePath } from './links';
import { useSimilar } from './queries';
import type { CatchupSource } from './types';
import styles from './Content.module.css';

/** The number of similar contents shown (spec 9 "Similar list max 12"). */
export const SIMILAR_MAX = 12;
/** Catch-up items shown before 'show all' (two rows on a desktop). */
export const SOURCES_FIRST = 8;

/** Catch-up channel items: where the content was shown, each opening that channel's archive. */
export function CatchupSources({ sources }: { sources: CatchupSource[] }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const playable = sources.filter((s) => s.is_catchup_available !== false);
  if (playable.length === 0) return null;
  const shown = all ? playable : playable.slice(0, SOURCES_FIRST);
  const when = (s: CatchupSource) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(s.start_at * 1000));
  return (
    <section className={styles.section} aria-labelledby="content-sources" data-section="sources">
      <h2 id="content-sources" className={styles.sectionTitle}>
        {t('content.sources')}
      </h2>
      <ul className={styles.sources}>
        {shown.map((s) => (
          <li key={s.id}>
            <Link to={archivePath(s.channel_id, s.start_at)} className={styles.source} data-channel-id={s.channel_id}>
              <span className={styles.sourceChannel}>{s.channel_name || t('content.channelN', { id: s.channel_id })}</span>
              <span className={styles.muted}>{when(s)}</span>
              {s.title ? <span className={styles.sourceTitle}>{s.title}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      {playable.length > SOURCES_FIRST && (
        <button type="button" className={styles.linkButton} aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? t('content.showLess') : t('content.showAll')}
        </button>
      )}
    </section>
  );
}

/** Similar contents (at most 12). */
export function Similar({ contentId }: { contentId: number }) {
  const { t } = useTranslation();
  const similar = useSimilar(contentId);
  const list = (similar.data ?? []).filter((c) => c.id !== contentId).slice(0, SIMILAR_MAX);
  if (list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="content-similar" data-section="similar">
      <h2 id="content-similar" className={styles.sectionTitle}>
        {t('content.similar')}
      </h2>
      <TileGrid labelledBy="content-similar">
        {list.map((c) => (
          <ContentTile key={c.id} content={c} />
        ))}
      </TileGrid>
    </section>
  );
}
