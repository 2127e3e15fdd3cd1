import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AppStorePage, OpenMobileApp } from '@/features/appBanner';
import { HomeView } from '@/features/home';
// Lazy in its feature (the index is shared with the header's install button).
import { ManualPage } from '@/features/install';
import { RowPage, RowsetPage } from '@/features/rows';
import { SearchPage } from '@/features/search';
import { RootLayout } from '../layout/RootLayout';
import { PartnerGate, PromoGate, RequireLogin } from './guards';
import type { SectionKey } from './SectionPage';

// The page routes of both spec documents (section 2). Every route module except the
// home view and the layout is lazy. A later area replaces `section('x')` with its screen,
// e.g. `element: <ChannelsPage />` where `const ChannelsPage = lazy(() => import('@/features/channels')...)`.

const SectionPage = lazy(() => import('./SectionPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const GeoLockPage = lazy(() => import('./GeoLockPage'));
const LkPage = lazy(() => import('@/features/settings').then((m) => ({ default: m.LkPage })));
const LkParentalPage = lazy(() => import('@/features/settings').then((m) => ({ default: m.LkParentalPage })));
const GuidePage = lazy(() => import('@/features/guide').then((m) => ({ default: m.GuidePage })));
const ChannelEmbedPage = lazy(() => import('@/features/embed').then((m) => ({ default: m.ChannelEmbedPage })));
const ChannelsPage = lazy(() => import('@/features/channels').then((m) => ({ default: m.ChannelsPage })));
const ChannelViewer = lazy(() => import('@/features/channels').then((m) => ({ default: m.ChannelViewer })));
const FreeChannelsPage = lazy(() => import('@/features/channels').then((m) => ({ default: m.FreeChannelsPage })));

const MyPage = lazy(() => import('@/features/my').then((m) => ({ default: m.MyPage })));
const EpisodePage = lazy(() => import('@/features/content').then((m) => ({ default: m.EpisodePage })));
const ContentEmbedPage = lazy(() => import('@/features/watch').then((m) => ({ default: m.ContentEmbedPage })));
const NewsListPage = lazy(() => import('@/features/news').then((m) => ({ default: m.NewsListPage })));

const PacketsPage = lazy(() => import('@/features/packets').then((m) => ({ default: m.PacketsPage })));
const PacketPage = lazy(() => import('@/features/packets').then((m) => ({ default: m.PacketPage })));
const ProviderLandingPage = lazy(() => import('@/features/packets').then((m) => ({ default: m.ProviderLandingPage })));
const PromoPage = lazy(() => import('@/features/promo').then((m) => ({ default: m.PromoPage })));
const GiftPage = lazy(() => import('@/features/promo').then((m) => ({ default: m.GiftPage })));
const AccountMobilePage = lazy(() => import('@/features/account').then((m) => ({ default: m.AccountMobilePage })));

const NewYearPage = lazy(() => import('@/features/newyear').then((m) => ({ default: m.NewYearPage })));

const FilterPage = lazy(() => import('@/features/filters').then((m) => ({ default: m.FilterPage })));
const InfoPage = lazy(() => import('@/features/legal').then((m) => ({ default: m.InfoPage })));

const section = (key: SectionKey) => <SectionPage section={key} />;

const devRoutes: RouteObject[] = import.meta.env.DEV
  ? [
      { path: 'test', element: section('test') },
      { path: 'test_feed', element: section('testFeed') },
      { path: 'vitrina_test', element: section('vitrinaTest') },
    ]
  : [];

export const pageRoutes: RouteObject[] = [
  // Renders nothing at all: no header, no footer (spec 2).
  // Opens the app or its store page (features/appBanner/redirect.ts).
  { path: '/open_mobile_app', element: <Suspense fallback={null}><OpenMobileApp /></Suspense> },
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeView /> },
      { path: 'startpage', element: <HomeView /> },

      // TV
      { path: 'channels', element: <ChannelsPage /> },
      { path: 'channels/:category', element: <ChannelsPage /> },
      { path: 'channels/:category/:channel/:ts?', element: <ChannelViewer /> },
      { path: 'channelsfree', element: <FreeChannelsPage /> },
      { path: 'channel_embed/:channelId', element: <ChannelEmbedPage /> },
      { path: 'guide', element: <GuidePage /> },
      { path: 'newyear', element: <NewYearPage /> },

      // Catalogue
      { path: 'rowset/:id', element: <RowsetPage mode="id" notFound={<NotFoundPage />} /> },
      { path: 'row/:id', element: <RowPage notFound={<NotFoundPage />} /> },
      { path: 'catalog/:id', element: <RowsetPage mode="id" notFound={<NotFoundPage />} /> },
      { path: 'movies', element: <FilterPage kind="movie" /> },
      { path: 'series', element: <FilterPage kind="series" /> },
      { path: 'my', element: <MyPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'episodes/:id', element: <EpisodePage /> },
      { path: 'content_embed/:id', element: <ContentEmbedPage /> },
      // The bare forms of modal pages show a not-found page.
      { path: 'watch', element: <NotFoundPage kind="content" /> },
      { path: 'trailers', element: <NotFoundPage kind="content" /> },
      { path: 'persons', element: <NotFoundPage /> },
      { path: 'contents', element: <NotFoundPage kind="content" /> },

      // Commerce
      { path: 'packets', element: <PacketsPage /> },
      { path: 'packets/:id', element: <PacketPage /> },
      { path: 'provider/:shortname', element: <ProviderLandingPage /> },
      { path: 'promo', element: <PromoGate><PromoPage /></PromoGate> },
      { path: 'promo/:id', element: <PromoGate><PromoPage /></PromoGate> },
      { path: 'gift', element: <PromoGate><GiftPage /></PromoGate> },

      // Information
      { path: 'news', element: <NewsListPage /> },
      { path: 'terms', element: <InfoPage kind="terms" /> },
      { path: 'faq', element: <InfoPage kind="faq" /> },
      { path: 'manual', element: <ManualPage /> },
      { path: 'manual/:device', element: <ManualPage /> },
      { path: 'app_store', element: <AppStorePage /> },
      { path: 'account_mobile', element: <PartnerGate><AccountMobilePage /></PartnerGate> },
      { path: 'geo_lock', element: <GeoLockPage /> },

      // Identity
      { path: 'lk', element: <PartnerGate><RequireLogin otherwise="auth"><LkPage /></RequireLogin></PartnerGate> },
      { path: 'lk_parental', element: <RequireLogin otherwise="auth"><LkParentalPage /></RequireLogin> },

      ...devRoutes,

      // Any other path: a rowset by slug (/{slug}, /{catalog}/{page}), else the not-found page.
      { path: '*', element: <RowsetPage mode="path" notFound={<NotFoundPage />} /> },
    ],
  },
];
