import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, ErrorState, showAlert, Spinner } from '@/shared/ui';
import { isAdultChannel, previewAllowed } from './access';
import { CategoryPicker } from './CategoryPicker';
import { channelsInCategories, initialSelection, selectionSegment, toggleCategory } from './categories';
import { ChannelCard } from './ChannelCard';
import { ChannelSearch } from './ChannelSearch';
import { ChannelViewer } from './viewer/ChannelViewer';
import { channelPath, channelsPath, findChannel } from './paths';
import { matchesSearch } from './search';
import { useChannelsData } from './useChannelsData';
import { useNowSeconds } from '@/shared/lib/useNowSeconds';
import styles from './Channels.module.css';

/**
 * /channels and /channels/{category}: the category picker (multi-select, the selection in
 * the URL as a comma list), search and the channel grid. A segment naming a channel
 * instead of a category opens the viewer (spec 2: /channels/{category or channel}).
 */
export function ChannelsPage() {
  const { category } = useParams();
  const data = useChannelsData();
  const asChannel = useMemo(() => {
    if (!category || data.isLoading) return undefined;
    const isCategory = data.allCategories.some((c) => String(c.id) === category || c.slug === category);
    return isCategory || category.includes(',') ? undefined : findChannel(data.channels, category);
  }, [category, data]);
  if (asChannel) return <ChannelViewer />;
  return <ChannelList />;
}

function ChannelList() {
  const { t } = useTranslation();
  const { category } = useParams();
  const navigate = useNavigate();
  const data = useChannelsData();
  const now = useNowSeconds();
  const [query, setQuery] = useState('');

  const { selected, missing } = useMemo(
    () => initialSelection(data.categories, category, data.isChild),
    [data.categories, category, data.isChild],
  );

  const alerted = useRef<string | null>(null);
  useEffect(() => {
    if (data.isLoading || !missing || alerted.current === category) return;
    alerted.current = category ?? null;
    showAlert(t('channels.error_category_not_found'), { kind: 'error' });
  }, [category, data.isLoading, missing, t]);

  const segment = selectionSegment(data.categories, selected);
  const visible = useMemo(() => {
    const inCats = channelsInCategories(data.channels, data.categories, selected);
    return query ? inCats.filter((c) => matchesSearch(c.name, query) || String(c.number) === query.trim()) : inCats;
  }, [data.channels, data.categories, selected, query]);

  if (data.isLoading) return <Spinner label={t('channels.loading')} />;
  if (data.error && !data.channels.length) {
    return (
      <ErrorState title={t('channels.loadError')} actions={<Button onClick={data.refetch}>{t('channels.retry')}</Button>} />
    );
  }

  return (
    <section className={styles.page} aria-labelledby="channels-title">
      <header className={styles.pageHead}>
        <h1 id="channels-title" className={styles.title}>
          {t('channels.title')}
        </h1>
        <ChannelSearch value={query} onChange={setQuery} />
      </header>
      {!data.isChild && (
        <CategoryPicker
          categories={data.categories}
          selected={selected}
          onToggle={(id) => navigate(channelsPath(selectionSegment(data.categories, toggleCategory(selected, id))), { replace: true })}
        />
      )}
      {visible.length ? (
        <ul className={styles.grid} aria-label={t('channels.title')}>
          {visible.map((c) => (
            <ChannelCard
              key={c.id}
              channel={c}
              to={channelPath(segment, c)}
              now={now}
              preview={previewAllowed(c, isAdultChannel(c, { adultCategories: data.adultCategories, isChild: data.isChild }))}
            />
          ))}
        </ul>
      ) : (
        <p className={styles.empty} role="status">
          {query ? t('channels.noResults') : t('channels.empty')}
        </p>
      )}
    </section>
  );
}
