import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isInWebview } from '@/features/appBanner';
import { useConfiguration } from '@/shared/api';
import type { NavigationState } from '@/shared/lib/modalNavigation';
import { readKey, StorageKey, useSession, writeKey } from '@/shared/session';
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

/**
 * Partner ids of the bank app that opens the service with its own token (spec 2, 6). The
 * contract has no list of partners yet: the bank app's id is this constant until it does.
 */
export const BANK_APP_PARTNERS: readonly string[] = ['bank_app'];

/** Pages the bank app's viewers do not get outside its webview (spec 2 "Partner behaviour"). */
const BANK_APP_CLOSED_SEGMENTS = new Set(['lk', 'account_mobile', 'settings']);

/** For the bank-app partner outside a webview, /lk, /account_mobile and /settings go home. */
export function partnerRedirectsHome(pathname: string, partner: string | null, inWebview: boolean): boolean {
  if (!partner || !BANK_APP_PARTNERS.includes(partner) || inWebview) return false;
  const first = pathname.split('/').filter(Boolean)[0];
  return first !== undefined && BANK_APP_CLOSED_SEGMENTS.has(first);
}

/** The partner of this visit: `?partner=` of the URL, else the stored one (storage key `partner`). */
export function currentPartner(search: string): string | null {
  return new URLSearchParams(search).get('partner')?.trim() || readKey(StorageKey.partner) || null;
}

/** Stores `?partner=` so the partner's rules hold on later pages and visits. */
export function useRememberPartner(): void {
  const { search } = useLocation();
  useEffect(() => {
    const fromUrl = new URLSearchParams(search).get('partner')?.trim();
    if (fromUrl && fromUrl !== readKey(StorageKey.partner)) writeKey(StorageKey.partner, fromUrl);
  }, [search]);
}

/** Wraps the pages the bank-app partner may not open outside its webview. */
export function PartnerGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (partnerRedirectsHome(pathname, currentPartner(search), isInWebview(navigator.userAgent, search))) {
    return <Navigate to="/" replace />;
  }
  return children;
}

/** Mobile-account mode (/account_mobile): no analytics (spec 2, 6). Analytics read this. */
export function analyticsAllowed(pathname: string): boolean {
  return !pathname.includes('/account_mobile');
}
