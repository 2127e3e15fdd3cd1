import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CollapsibleText, QueryState, usePageMeta } from '@/features/content';
import { TileImage } from '@/features/rows';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { Button, Spinner } from '@/shared/ui';
import { useNews, useNewsList, type News } from './api';
import styles from './News.module.css';

function useDate() {
  const { i18n } = useTranslation();
  return (unix: number) => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(unix * 1000));
}

/** /news: the list, newest first; each item opens over the list. */
export function NewsListPage() {
  const { t } = useTranslation();
  const list = useNewsList();
  const state = useModalPageState();
  const date = useDate();
  const items = list.data?.pages.flat() ?? [];
  usePageMeta({ mask: '/news', name: t('news.title'), canonical: '/news' });
  return (
    <section className={styles.page} aria-labelledby="news-title">
      <h1 id="news-title" className={styles.heading}>
        {t('news.title')}
      </h1>
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : list.isError ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('news.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((n) => (
            <li key={n.id}>
              <Link to={`/news/${n.slug || n.id}`} state={state} className={styles.card} data-news-id={n.id}>
                <span className={styles.cardImage}>
                  <TileImage src={n.image} width={332} height={187} stubText={n.title} />
                </span>
                <span className={styles.cardText}>
                  <time className={styles.muted} dateTime={new Date(n.published_at * 1000).toISOString()}>
                    {date(n.published_at)}
                  </time>
                  <span className={styles.cardTitle}>{n.title}</span>
                  {n.lead ? <span className={styles.lead}>{n.lead}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('news.more')}
        </Button>
      )}
    </section>
  );
}

/** /news/{id}: one item (a modal page); a missing one shows the 404 state. */
export function NewsItemPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const news = useNews(id);
  if (!news.data) return <QueryState error={news.error} onRetry={() => void news.refetch()} missingText={t('news.notFound')} />;
  return <NewsItem news={news.data} />;
}

function NewsItem({ news: n }: { news: News }) {
  const { t } = useTranslation();
  const date = useDate();
  usePageMeta({ mask: '/news/*', name: n.title, description: n.lead || n.body, canonical: `/news/${n.slug || n.id}`, image: n.image });
  return (
    <article className={styles.item} data-news-id={n.id}>
      {n.image ? (
        <div className={styles.itemImage}>
          <TileImage src={n.image} width={1080} height={608} stubText={n.title} eager />
        </div>
      ) : null}
      <time className={styles.muted} dateTime={new Date(n.published_at * 1000).toISOString()}>
        {date(n.published_at)}
      </time>
      <h1 className={styles.itemTitle}>{n.title}</h1>
      {n.lead ? <p className={styles.itemLead}>{n.lead}</p> : null}
      <CollapsibleText text={n.body} moreLabel={t('news.readMore')} lessLabel={t('news.readLess')} />
    </article>
  );
}

