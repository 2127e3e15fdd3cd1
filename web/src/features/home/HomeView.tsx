import { useTranslation } from 'react-i18next';
import { prefetchFirstVisit, RowsetHead, RowsetSkeleton, RowsetView, useRowset } from '@/features/rows';
import { useBrandName } from '@/shared/api';
import { useFirstScreenRelease } from '@/shared/lib/firstScreen';
import { useDocumentMeta, useSeoMask } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, ErrorState } from '@/shared/ui';
import styles from './HomeView.module.css';

/** The start page's rowset (spec 2: `/` and `/startpage`, a rowset chosen by slug). */
export const START_ROWSET = 'startpage';

// A first visit to the main page asks for its rowset while the app starts (bench/home.mjs:
// the first row of posters is the home page's budget). The module loads with the app.
if (typeof window !== 'undefined' && import.meta.env.MODE !== 'test') prefetchFirstVisit(START_ROWSET, window.location.pathname);

/**
 * The main page: the start-page rowset (the promo slider, then rows; the first 4 at once,
 * the rest as they scroll near), with its logo and SEO heading. Guests get a sign-in call
 * after the first rows, where it does not push the catalogue down.
 */
export function HomeView() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const { isLogged } = useSession();
  const query = useRowset(START_ROWSET);
  // The page's own title (the operator's mask for '/'), also after a page opened over it closes.
  const mask = useSeoMask('/');
  useDocumentMeta({ title: mask?.title, description: mask?.description });
  // The server's first screen of this page stays until these rows (or the error) are drawn.
  useFirstScreenRelease(query.isError || !!query.data);

  if (query.isError) {
    return (
      <ErrorState
        title={t('home.loadError')}
        actions={<Button onClick={() => void query.refetch()}>{t('home.retry')}</Button>}
      />
    );
  }
  if (!query.data) {
    return (
      <section aria-busy="true" aria-labelledby="home-title">
        <h1 id="home-title" className="visually-hidden">
          {t('home.heading', { brand })}
        </h1>
        <RowsetSkeleton />
      </section>
    );
  }
  const rowset = query.data;
  const guestCall = !isLogged && (
    <section className={styles.cta} aria-labelledby="home-signin">
      <div className={styles.ctaText}>
        <h2 id="home-signin">{t('home.guestTitle')}</h2>
        <p>{t('home.guestText')}</p>
      </div>
      <ButtonLink to={{ hash: 'auth' }} replace>
        {t('home.guestAction')}
      </ButtonLink>
    </section>
  );
  return (
    <section aria-labelledby={`rowset-${rowset.id}-title`} data-rowset={rowset.slug}>
      <RowsetHead rowset={rowset} fallback={t('home.heading', { brand })} />
      <RowsetView rows={rowset.rows} after={guestCall ? { index: Math.min(2, rowset.rows.length - 1), node: guestCall } : undefined} />
    </section>
  );
}
