import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppBanner, isInWebview, shouldShowAppBanner } from '@/features/appBanner';
import { useSessionUpkeep } from '@/features/messages';
import { usePushUpkeep } from '@/features/push';
import { useAnalytics } from '@/shared/analytics/useAnalytics';
import { useResources } from '@/shared/api';
import { useFirstScreenRelease } from '@/shared/lib/firstScreen';
import { isWebview } from '@/shared/lib/runMode';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { readKey, StorageKey } from '@/shared/session';
import { AlertHost, Button, ErrorState, Spinner } from '@/shared/ui';
import { useBoot } from '../boot/bootStore';
import { restartApp } from '../boot/boot';
import { isChromeless, isFooterHidden, isLoginFreePage } from '../paths';
import { analyticsAllowed, useRememberPartner } from '../routes/guards';
import { BottomNav } from './BottomNav';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './RootLayout.module.css';

// Spec 2: a path containing 'promo' opens the promo-code dialog (the promo area decides which).
const PromoPathWatcher = lazy(() => import('@/features/promo').then((m) => ({ default: m.PromoPathWatcher })));
const NotificationBox = lazy(() => import('@/features/notifications').then((m) => ({ default: m.NotificationBox })));

/** Header, main area, footer and (narrow screens) the bottom navigation bar. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Spec: no header on routes containing /account_mobile (the mobile-account mode).
  const chromeless = isChromeless(pathname) || pathname.includes('/account_mobile');
  useRememberPartner();
  useSessionUpkeep();
  useAnalytics();
  usePushUpkeep();
  useEffect(() => {
    // The mobile-account mode has no analytics: analytics check this flag (or analyticsAllowed).
    // Not data-analytics: that attribute names a control's event, and the page's root would
    // then name every click.
    document.documentElement.dataset.analyticsMode = analyticsAllowed(pathname) ? 'on' : 'off';
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <MobileAppBanner chromeless={chromeless} />
      {!chromeless && <Header />}
      <main id="main" className={`${styles.main} ${chromeless ? styles.chromeless : ''}`} tabIndex={-1}>
        <BootGate />
      </main>
      {!chromeless && !isFooterHidden(pathname) && <Footer />}
      {!chromeless && <BottomNav />}
      <AlertHost />
      {!chromeless && <Notifications />}
      {pathname.includes('promo') && <Suspense fallback={null}><PromoPathWatcher /></Suspense>}
    </div>
  );
}

/** The floating notification box, once the start-up sequence is done (lazy). */
function Notifications() {
  if (useBoot().status !== 'ready') return null;
  return (
    <Suspense fallback={null}>
      <NotificationBox />
    </Suspense>
  );
}

/** The invitation to the mobile app on phones (lazy: its chunk loads only when it shows). */
function MobileAppBanner({ chromeless }: { chromeless: boolean }) {
  const { pathname, search } = useLocation();
  const links = useResources().data?.app_links;
  const phoneViewport = useIsPhone();
  const show = shouldShowAppBanner({
    userAgent: navigator.userAgent,
    phoneViewport,
    links,
    skipApp: readKey(StorageKey.skipApp),
    pathname,
    inWebview: isInWebview(navigator.userAgent, search) || isWebview(),
    chromeless,
  });
  if (!show || !links) return null;
  return (
    <Suspense fallback={null}>
      <AppBanner links={links} />
    </Suspense>
  );
}

/** The page once the start-up sequence is done; a spinner before, a retry panel on failure. */
function BootGate() {
  const { t } = useTranslation();
  const { status, error, geoLocked } = useBoot();
  const { pathname } = useLocation();
  // The server's first screen gives way to anything but this page's own rows.
  useFirstScreenRelease(status === 'error' || !!geoLocked, pathname);

  if (geoLocked && !isLoginFreePage(pathname)) return <Navigate to="/geo_lock" replace />;
  if (status === 'loading') return <Spinner label={t('app.loading')} />;
  if (status === 'error') {
    return (
      <ErrorState
        title={t('boot.errorTitle')}
        text={t('boot.errorText')}
        details={error?.message ? t('boot.details', { message: error.status ? `${error.status} ${error.message}` : error.message }) : undefined}
        actions={<Button onClick={() => void restartApp()}>{t('boot.retry')}</Button>}
      />
    );
  }
  return (
    <Suspense fallback={<Spinner label={t('app.loading')} />}>
      <Outlet />
    </Suspense>
  );
}
