import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ContentTile, PersonTile, TileGrid, channelPath, findCatalogPage, menuPagePath, useMenuPages } from '@/features/rows';
import { useBrandName, useConfiguration } from '@/shared/api';
import { useDocumentMeta, useSeoMask } from '@/shared/lib/useDocumentMeta';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, ErrorState, Spinner } from '@/shared/ui';
import { searchResultsQuery } from './queries';
import { searchStarts, searchTermOf } from './rules';
import { SearchBox } from './SearchBox';
import type { Channel } from './types';
import { useSearchHistory } from './useSearchHistory';
import styles from './SearchPage.module.css';

/**
 * /search?q={term} (spec 2): contents, persons and channels found for the term, or
 * warning_no_search_results. A term shorter than min_search_chars is not searched: the page
 * shows its prompt (spec 5). On a phone the page carries the search field (the header has
 * none there) and a close button back to where the viewer came from, else to the catalogue.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const brand = useBrandName();
  const { token } = useSession();
  const config = useConfiguration();
  const catalog = findCatalogPage(useMenuPages().data ?? []);
  const typed = searchTermOf(location.search);
  const term = searchStarts(typed, config.min_search_chars) ? typed : '';
  const mask = useSeoMask('/search');
  useDocumentMeta({ title: term ? t('search.pageTitle', { term, brand }) : mask?.title, description: mask?.description, noindex: true });

  const close = () => {
    // Back where the search was opened from (spec 2 "Search"); a search opened from outside
    // goes to the catalogue page (the main page while the menu is not known).
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(catalog ? menuPagePath(catalog) : '/');
  };

  return (
    <section className={styles.page} aria-labelledby="search-title">
      {phone && <SearchBox variant="page" onClose={close} autoFocus={!term} />}
      <h1 id="search-title" className={styles.title}>
        {term ? t('search.resultsFor', { term }) : t('search.title')}
      </h1>
      {term && token ? <Results term={term} token={token} /> : <p className={styles.lead}>{t('search.prompt')}</p>}
    </section>
  );
}

function Results({ term, token }: { term: string; token: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(searchResultsQuery(term, token));
  const history = useSearchHistory();
  const [remembered, setRemembered] = useState('');
  const found = data ? data.contents.length + data.persons.length + data.channels.length : 0;

  // Spec 4: results are added to the search history (once per term).
  const { add } = history;
  useEffect(() => {
    if (found > 0 && remembered !== term) {
      add({ query: term, kind: 'query' });
      setRemembered(term);
    }
  }, [found, term, remembered, add]);

  if (isPending) return <Spinner label={t('search.loading')} />;
  if (isError) {
    return (
      <ErrorState
        title={t('search.errorTitle')}
        text={t('search.errorText')}
        actions={<Button onClick={() => void refetch()}>{t('search.retry')}</Button>}
      />
    );
  }
  if (found === 0) {
    return (
      <p className={styles.empty} role="status">
        {t('search.warning_no_search_results')}
      </p>
    );
  }
  return (
    <>
      <p className="visually-hidden" role="status">
        {t('search.foundCount', { count: found })}
      </p>
      {data.contents.length > 0 && (
        <section className={styles.section} aria-labelledby="search-contents">
          <h2 id="search-contents" className={styles.sectionTitle}>
            {t('search.contents')}
          </h2>
          <TileGrid labelledBy="search-contents">
            {data.contents.map((c, i) => (
              <ContentTile key={c.id} content={c} eager={i < 6} />
            ))}
          </TileGrid>
        </section>
      )}
      {data.persons.length > 0 && (
        <section className={styles.section} aria-labelledby="search-persons">
          <h2 id="search-persons" className={styles.sectionTitle}>
            {t('search.persons')}
          </h2>
          <TileGrid shape="person" labelledBy="search-persons">
            {data.persons.map((p) => (
              <PersonTile key={p.id} person={p} />
            ))}
          </TileGrid>
        </section>
      )}
      {data.channels.length > 0 && (
        <section className={styles.section} aria-labelledby="search-channels">
          <h2 id="search-channels" className={styles.sectionTitle}>
            {t('search.channels')}
          </h2>
          <ul className={styles.channels} aria-labelledby="search-channels">
            {data.channels.map((c) => (
              <li key={c.id}>
                <ChannelResult channel={c} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function ChannelResult({ channel: c }: { channel: Channel }) {
  const state = useModalPageState();
  const [failed, setFailed] = useState(false);
  const logo = c.cover?.full;
  return (
    <Link to={channelPath(c.slug || c.id, c.category ?? null)} state={state} className={styles.channel}>
      <span className={styles.channelLogo} style={{ background: c.cover?.color_bg || undefined }} aria-hidden="true">
        {logo && !failed ? (
          <img src={logo} alt="" width={48} height={48} loading="lazy" decoding="async" onError={() => setFailed(true)} />
        ) : (
          c.name.slice(0, 3)
        )}
      </span>
      <span className={styles.channelName}>{c.name}</span>
    </Link>
  );
}
