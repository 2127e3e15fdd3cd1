import type { QueryClient } from '@tanstack/react-query';
import { ApiError, configurationQuery, configureApi, networkQuery, resourcesQuery, type NetworkInfo } from '@/shared/api';
import { currentLanguage } from '@/shared/i18n';
import {
  clearSession,
  deriveAccess,
  GeoLockedError,
  markTokenError,
  reauthenticateDevice,
  sessionStore,
  startSession,
} from '@/shared/session';
import { isTelegramMiniApp, rememberVisit, setOperatorPartners } from '@/shared/lib/runMode';
import { bootStore } from './bootStore';

// The start-up sequence of spec section 4: platform data, then the session (restore,
// device re-authentication or a new guest). Also wires the API client's recovery hooks.

let queryClient: QueryClient | null = null;
let running: Promise<void> | null = null;

function geoLock(country = '', remote = '') {
  bootStore.set((s) => ({ ...s, geoLocked: { country, remote }, access: { ...s.access, geoLocked: true, guestsAllowed: false, authOnly: true } }));
}

/** Token error (401 outside the exempt calls): re-authenticate; on failure clear and restart. */
async function recoverFromTokenError(): Promise<boolean> {
  markTokenError();
  try {
    if (await reauthenticateDevice()) return true;
  } catch (e) {
    if (e instanceof GeoLockedError) {
      geoLock(e.apiError.detail.country, e.apiError.detail.remote);
      return false;
    }
  }
  clearSession();
  void restartApp();
  return false;
}

export function installApiHooks(client: QueryClient): void {
  queryClient = client;
  configureApi({
    getToken: () => sessionStore.get().token,
    getLanguage: () => currentLanguage(),
    onTokenError: recoverFromTokenError,
    onForbiddenCountry: (e: ApiError) => geoLock(e.detail.country, e.detail.remote),
  });
}

function urlParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

async function boot(client: QueryClient): Promise<void> {
  bootStore.set((s) => ({ ...s, status: 'loading', error: null }));
  // The visit's partner, webview and Telegram facts come only with the first URL.
  rememberVisit();
  try {
    // The operator's colours, from their own small chunk; the built-in ones until then.
    void import('@/features/brand').then((m) => m.applyBrand());
    const [network] = await Promise.all([
      client.fetchQuery(networkQuery()),
      // Configuration and resources have defaults; their failure does not stop the start.
      client.prefetchQuery(configurationQuery()),
      client.prefetchQuery(resourcesQuery()),
    ]);
    setOperatorPartners(network.partners);
    const access = accessFrom(network);
    bootStore.set((s) => ({ ...s, access }));
    if (access.geoLocked) geoLock(network.country, network.remote);

    // Spec 4/7: inside the operator's network sign in automatically before any guest
    // (the auth chunk loads only then; a failure opens #auth with a retry).
    if (network.auto_auth) await import('@/features/auth').then((m) => m.autoAuthAtStart(network));

    const params = urlParams();
    const token = params.get('access_token');
    await startSession({
      guestsAllowed: access.guestsAllowed,
      referId: params.get('refer_id') ?? undefined,
      urlToken: token ? { token } : null,
    });
    // The Telegram mini app signs its viewer in by Telegram's launch data (no guests there).
    if (isTelegramMiniApp()) await import('@/features/auth').then((m) => m.telegramAtStart());
    bootStore.set((s) => ({ ...s, status: 'ready' }));
  } catch (e) {
    if (e instanceof GeoLockedError) {
      geoLock(e.apiError.detail.country, e.apiError.detail.remote);
      bootStore.set((s) => ({ ...s, status: 'ready' }));
      return;
    }
    const error = e instanceof ApiError ? e : new ApiError(0, 'unknown', String(e));
    bootStore.set((s) => ({ ...s, status: 'error', error }));
  }
}

function accessFrom(network: NetworkInfo) {
  return deriveAccess({
    authOnly: network.auth_only,
    providerAuthOnly: network.provider?.auth_only ?? false,
    guestsAllowed: network.is_guest_allowed,
    countryAllowed: network.country_allowed !== false,
    telegramMiniApp: isTelegramMiniApp(),
  });
}

export function startApp(): Promise<void> {
  if (!queryClient) throw new Error('installApiHooks must run before startApp');
  running ??= boot(queryClient).finally(() => {
    running = null;
  });
  return running;
}

/** Spec 4: after a failed re-authentication (or logout) the app starts again from scratch. */
export async function restartApp(): Promise<void> {
  await running;
  queryClient?.clear();
  await startApp();
}
