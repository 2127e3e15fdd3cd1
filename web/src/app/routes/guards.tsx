import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useConfiguration } from '@/shared/api';
import type { NavigationState } from '@/shared/lib/modalNavigation';
import { isAccountMobilePath, isWebview, rememberVisit, usePartnerSettings, type PartnerSettings } from '@/shared/lib/runMode';
import { useSession } from '@/shared/session';
import { useBoot } from '../boot/bootStore';
import { HomeView } from '@/features/home';

/**
 * Logged-in users only. `home`: others are sent to the main page (settings area).
 * `auth`: others get the #auth modal and return here after login (personal account).
 */
export function RequireLogin({ children, otherwise }: { children: ReactNode; otherwise: 'home' | 'auth' }) {
  const { status } = useBoot();
  const { isLogged } = useSession();
  const location = useLocation();
  if (status !== 'ready') return null;
  if (isLogged) return children;
  if (otherwise === 'home') return <Navigate to="/" replace />;
  const state: NavigationState = { returnTo: location.pathname + location.search };
  return <Navigate to={{ pathname: '/', hash: 'auth' }} state={state} replace />;
}

/** Promo routes exist only when promo codes are enabled; otherwise the path shows home. */
export function PromoGate({ children }: { children: ReactNode }) {
  const { promocodes_enabled } = useConfiguration();
  return promocodes_enabled ? children : <HomeView />;
}

/** Pages a partner that keeps its viewers in its own app closes outside its webview (spec 2 "Partner behaviour"). */
const CLOSED_OUTSIDE_WEBVIEW = new Set(['lk', 'account_mobile', 'settings']);

/**
 * For a partner whose operator settings say so (closed_outside_webview), /lk,
 * /account_mobile and /settings go home outside a webview.
 */
export function partnerRedirectsHome(pathname: string, partner: PartnerSettings, inWebview: boolean): boolean {
  if (!partner.closedOutsideWebview || inWebview) return false;
  const first = pathname.split('/').filter(Boolean)[0];
  return first !== undefined && CLOSED_OUTSIDE_WEBVIEW.has(first);
}

/** Keeps the visit's `?partner=` and `?webview=` so their rules hold on later pages and visits. */
export function useRememberPartner(): void {
  const { search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.has('partner') || params.has('webview')) rememberVisit(search, '');
  }, [search]);
}

/** Wraps the pages a partner may close outside its webview. */
export function PartnerGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const partner = usePartnerSettings();
  if (partnerRedirectsHome(pathname, partner, isWebview())) {
    return <Navigate to="/" replace />;
  }
  return children;
}

/** Mobile-account mode (/account_mobile): no analytics (spec 2, 6). Analytics read this. */
export function analyticsAllowed(pathname: string): boolean {
  return !isAccountMobilePath(pathname);
}
