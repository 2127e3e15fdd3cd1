import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryPicker } from '../CategoryPicker';
import { channelsInCategories, toggleCategory } from '../categories';
import { ChannelLogo } from '../ChannelLogo';
import { ChannelSearch } from '../ChannelSearch';
import { channelPath } from '../paths';
import { ProgressBar } from '../ProgressBar';
import { isAdultChannel } from '../access';
import { usePrefetchStream } from '../queries';
import { matchesSearch } from '../search';
import type { ChannelsData } from '../useChannelsData';
import styles from './Viewer.module.css';

interface Props {
  data: ChannelsData;
  selected: number[];
  segment: string;
  currentId: number;
  now: number;
}

/** The TV channels tab: search, category picker (not for child profiles) and the list. */
export const ChannelsPanel = memo(function ChannelsPanel({ data, selected: initial, segment, currentId, now }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(initial);
  const prefetch = usePrefetchStream();
  // Pointing at a channel warms its stream answer: the click then starts the video at once.
  const warm = (c: ChannelsData['channels'][number]) => {
    if (c.id === currentId || !c.is_available || !c.is_purchased) return;
    if (isAdultChannel(c, { adultCategories: data.adultCategories, isChild: data.isChild })) return;
    prefetch(c.id);
  };
  const list = useMemo(() => {
    const inCats = channelsInCategories(data.channels, data.categories, selected);
    return query ? inCats.filter((c) => matchesSearch(c.name, query)) : inCats;
  }, [data, selected, query]);
  return (
    <div className={styles.channelsTab}>
      <ChannelSearch value={query} onChange={setQuery} />
      {!data.isChild && (
        <CategoryPicker categories={data.categories} selected={selected} onToggle={(id) => setSelected((s) => toggleCategory(s, id))} />
      )}
      {list.length ? (
        <ul className={styles.channelList}>
          {list.map((c) => {
            const cur = c.current_schedule;
            return (
              <li key={c.id}>
                <Link
                  to={channelPath(segment, c)}
                  replace
                  className={styles.channelRow}
                  aria-current={c.id === currentId ? 'page' : undefined}
                  data-channel-id={c.id}
                  onPointerEnter={() => warm(c)}
                  onFocus={() => warm(c)}
                >
                  <ChannelLogo channel={c} size="sm" />
                  <span className={styles.channelRowText}>
                    <span className={styles.channelRowName}>
                      {c.number > 0 && <span className={styles.channelRowNumber}>{c.number}</span>} {c.name}
                    </span>
                    {cur && <span className={styles.channelRowProg}>{cur.title}</span>}
                    {cur && <ProgressBar start={cur.timestamp} duration={cur.duration} now={now} />}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.muted} role="status">
          {t('channels.noResults')}
        </p>
      )}
    </div>
  );
});
