import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { useFirstScreenRelease } from '@/shared/lib/firstScreen';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button, ButtonLink, ErrorState, Spinner } from '@/shared/ui';
import { useMenuPages, useRowset } from './queries';
import { catalogSubPages, findCatalogPage, isExternalUrl, visibleMenuPages } from './rules/menu';
import { RowsetHead } from './RowsetHead';
import { RowsetSkeleton } from './RowsetSkeleton';
import { RowsetView } from './RowsetView';
import type { Rowset } from './types';
import styles from './RowsetPage.module.css';

interface Props {
  /**
   * 'id': /rowset/{id or slug} and /catalog/{id}; 'path': the catch-all /{slug} and the
   * catalogue sub-menu's /{catalog}/{page}.
   */
  mode: 'id' | 'path';
  /** The not-found page (the app's), for unknown rowsets and paths. */
  notFound: ReactNode;
}

/** Which rowset a route names, and the catalogue it is opened under (if any). */
export function rowsetRoute(mode: Props['mode'], params: Record<string, string | undefined>): { ref: string; catalog: string | null } | null {
  if (mode === 'id') return params.id ? { ref: params.id, catalog: null } : null;
  const segments = (params['*'] ?? '').split('/').filter(Boolean);
  if (segments.length === 1) return { ref: segments[0]!, catalog: null };
  if (segments.length === 2) return { ref: segments[1]!, catalog: segments[0]! };
  return null;
}

/**
 * A rowset page (spec 2): /rowset/{id or slug}, /{slug}, /catalog/{id} and the catalogue
 * sub-menu's /{catalog}/{page}. Templates: startpage, contents, group.catalog(.page),
 * search and catalog render their rows; tvchannels* show the line-up (tvchannels20 and
 * tvchannels30 its first 20 or 30 channels, with a link to all of them); outer_link
 * redirects to its url. An unknown rowset shows the not-found page.
 */
export default function RowsetPage({ mode, notFound }: Props) {
  const { t } = useTranslation();
  const route = rowsetRoute(mode, useParams());
  const query = useRowset(route?.ref);
  useFirstScreenRelease(!route || query.isError || !!query.data);
  if (!route) return <>{notFound}</>;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <>{notFound}</>;
    return <ErrorState title={t('rows.page.loadError')} actions={<Button onClick={() => void query.refetch()}>{t('rows.page.retry')}</Button>} />;
  }
  if (!query.data) {
    return (
      <div aria-busy="true">
        <RowsetSkeleton slider={false} />
      </div>
    );
  }
  return <RowsetBody rowset={query.data} catalog={route.catalog} />;
}

function RowsetBody({ rowset, catalog }: { rowset: Rowset; catalog: string | null }) {
  const { t } = useTranslation();
  useDocumentMeta({
    title: rowset.seo?.title || rowset.title || undefined,
    description: rowset.seo?.description || rowset.description || undefined,
    noindex: rowset.seo?.noindex || undefined,
  });
  if (rowset.template === 'outer_link') return <OuterLink url={rowset.url ?? ''} />;
  const isCatalog = rowset.template === 'group.catalog' || rowset.template === 'catalog';
  const tv = rowset.template.startsWith('tvchannels');
  return (
    <section className={styles.page} aria-labelledby={`rowset-${rowset.id}-title`} data-rowset={rowset.slug}>
      <RowsetHead rowset={rowset} fallback={rowset.title} />
      {(isCatalog || catalog) && <CatalogSubMenu base={catalog ?? rowset.slug} />}
      {tv && <TvChannels template={rowset.template} title={rowset.title || t('rows.tvchannels.title')} />}
      <RowsetView rows={rowset.rows} />
    </section>
  );
}

/**
 * The catalogue sub-menu of narrow screens (spec "Header": /{catalog}/{page}): the
 * catalogue's pages as chips; hidden by CSS on wider screens, where the header menu has them.
 */
function CatalogSubMenu({ base }: { base: string }) {
  const { t } = useTranslation();
  const { isLogged, profile } = useSession();
  const pages = useMenuPages().data ?? [];
  const hub = findCatalogPage(pages);
  const sub = catalogSubPages(visibleMenuPages(pages, { isLogged, isChild: profile?.role === 'child' }));
  if (sub.length === 0) return null;
  const root = `/${encodeURIComponent(base)}`;
  return (
    <nav aria-label={t('rows.catalogMenu')}>
      <ul className={styles.subMenu}>
        <li>
          <NavLink to={root} end>
            {hub?.title || t('rows.catalog')}
          </NavLink>
        </li>
        {sub.map((p) => (
          <li key={p.id}>
            <NavLink to={`${root}/${encodeURIComponent(p.slug)}`}>{p.title}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** outer_link rowsets: a path of the client is a route change, another site a page load. */
function OuterLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const external = isExternalUrl(url);
  useEffect(() => {
    if (external) window.location.replace(url);
  }, [external, url]);
  if (!url) return <Navigate to="/" replace />;
  if (!external) return <Navigate to={url} replace />;
  return <Spinner label={t('rows.redirecting')} />;
}

// The channel grid loads with the channels area, not with the home page's first screen.
const ChannelGrid = lazy(() => import('@/features/channels').then((m) => ({ default: m.ChannelGrid })));

/** A tvchannels rowset's channels: all of them, or the first 20 or 30 and a link to the rest. */
function TvChannels({ template, title }: { template: string; title: string }) {
  const { t } = useTranslation();
  const limit = Number(template.replace('tvchannels', '')) || undefined;
  return (
    <div className={styles.tvChannels}>
      <Suspense fallback={<RowsetSkeleton slider={false} />}>
        <ChannelGrid limit={limit} label={title} />
      </Suspense>
      {limit && <ButtonLink to="/channels">{t('rows.tvchannels.action')}</ButtonLink>}
    </div>
  );
}
