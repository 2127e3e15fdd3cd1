import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ErrorState, Spinner } from '@/shared/ui';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { lineUpOrder } from './categories';
import { ChannelLogo } from './ChannelLogo';
import { ALL_CATEGORY } from './constants';
import { channelPath } from './paths';
import { useFreeChannels } from './queries';
import styles from './Channels.module.css';

/** /channelsfree: available, free, not hidden channels, numbered, each linking to its path. */
export function FreeChannelsPage() {
  const { t } = useTranslation();
  const free = useFreeChannels();
  const state = useModalPageState();
  if (free.isLoading) return <Spinner label={t('channels.loading')} />;
  if (free.isError) {
    return <ErrorState title={t('channels.loadError')} actions={<Button onClick={() => void free.refetch()}>{t('channels.retry')}</Button>} />;
  }
  const list = (free.data ?? []).filter((c) => c.is_available && c.is_free && !c.is_hidden).sort(lineUpOrder);
  return (
    <section className={styles.page} aria-labelledby="free-title">
      <h1 id="free-title" className={styles.title}>
        {t('channels.freeTitle')}
      </h1>
      <p className={styles.lead}>{t('channels.freeLead')}</p>
      {list.length ? (
        <ol className={styles.freeList}>
          {list.map((c, i) => (
            <li key={c.id}>
              <Link to={channelPath(String(c.category ?? ALL_CATEGORY), c)} state={state} className={styles.freeItem}>
                <span className={styles.freeNumber}>{i + 1}</span>
                <ChannelLogo channel={c} size="sm" />
                <span>{c.name}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>{t('channels.empty')}</p>
      )}
    </section>
  );
}
