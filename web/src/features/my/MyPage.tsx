import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAVORITES_CATEGORY, useFavorites } from '@/features/channels';
import { QueryState, usePageMeta } from '@/features/content';
import { ContentTile, PersonTile, TileGrid } from '@/features/rows';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { ButtonLink, Spinner } from '@/shared/ui';
import { useFavoriteContents, useFavoritePersons } from './api';
import styles from './My.module.css';

/**
 * /my (spec 2): the viewer's favourites: contents, persons and a way to the favourite
 * channels (the favourites category 1000); warning_no_favorites when there are none.
 * Guests cannot keep favourites: the sign-in modal opens.
 */
export function MyPage() {
  const { t } = useTranslation();
  const { isLogged } = useSession();
  usePageMeta({ mask: '/my', name: t('my.title'), noindex: true });
  return (
    <section className={styles.page} aria-labelledby="my-title">
      <h1 id="my-title" className={styles.heading}>
        {t('my.title')}
      </h1>
      {isLogged ? <Favorites /> : <GuestPrompt />}
    </section>
  );
}

function GuestPrompt() {
  const { t } = useTranslation();
  const { open } = useModalNavigation();
  useEffect(() => {
    open('auth');
    // Once, when the guest arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={styles.empty}>
      <p>{t('my.guestText')}</p>
      <ButtonLink to={{ hash: 'auth' }} replace>
        {t('my.signIn')}
      </ButtonLink>
    </div>
  );
}

function Favorites() {
  const { t } = useTranslation();
  const contents = useFavoriteContents();
  const persons = useFavoritePersons();
  const all = useFavorites();
  const channelCount = (all.data ?? []).filter((f) => f.kind === 'channel').length;

  if (contents.isPending || persons.isPending) return <Spinner label={t('app.loading')} />;
  if (contents.isError) return <QueryState error={contents.error} onRetry={() => void contents.refetch()} />;
  if (persons.isError) return <QueryState error={persons.error} onRetry={() => void persons.refetch()} />;
  const c = contents.data ?? [];
  const p = persons.data ?? [];
  if (c.length === 0 && p.length === 0 && channelCount === 0) {
    return (
      <div className={styles.empty} data-state="empty">
        <p>{t('my.warning_no_favorites')}</p>
        <ButtonLink to="/" variant="secondary">
          {t('app.toHome')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.sections}>
      {channelCount > 0 && (
        <Link to={`/channels/${FAVORITES_CATEGORY}`} className={styles.channels} data-section="channels">
          <span className={styles.channelsTitle}>{t('my.channels')}</span>
          <span className={styles.muted}>{t('my.channelsCount', { count: channelCount })}</span>
        </Link>
      )}
      {c.length > 0 && (
        <section aria-labelledby="my-contents" data-section="contents" className={styles.section}>
          <h2 id="my-contents" className={styles.sectionTitle}>
            {t('my.contents')}
          </h2>
          <TileGrid labelledBy="my-contents">
            {c.map((x) => (
              <ContentTile key={x.id} content={x} />
            ))}
          </TileGrid>
        </section>
      )}
      {p.length > 0 && (
        <section aria-labelledby="my-persons" data-section="persons" className={styles.section}>
          <h2 id="my-persons" className={styles.sectionTitle}>
            {t('my.persons')}
          </h2>
          <TileGrid labelledBy="my-persons" shape="person">
            {p.map((x) => (
              <PersonTile key={x.id} person={x} />
            ))}
          </TileGrid>
        </section>
      )}
    </div>
  );
}
