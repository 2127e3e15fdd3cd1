import { API_BASE, apiFetch, ApiError, type NetworkInfo, type TokenResponse } from '@/shared/api';
import { describeDevice, newSerial } from '@/shared/lib/device';
import { completeLogin, readKey, StorageKey, writeKey } from '@/shared/session';
import { authStore, setAutoAuthFailure } from './authStore';

// Spec 4/7: inside the operator's network (network `auto_auth`) the client signs in
// automatically at start-up, before a guest is created: POST {manufacturer, model,
// serial, os} to the auto-auth address, then the normal login handling.

function serial(): string {
  const stored = readKey(StorageKey.serial);
  if (stored) return stored;
  const s = newSerial();
  writeKey(StorageKey.serial, s);
  return s;
}

function apiPath(url: string): string {
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  return path.startsWith(API_BASE) ? path.slice(API_BASE.length) : '/auth/auto';
}

/** Signs in automatically; on failure records it (the #auth modal shows it with a retry). */
export async function runAutoAuth(network: Pick<NetworkInfo, 'auto_auth'>): Promise<boolean> {
  const auto = network.auto_auth;
  if (!auto) return false;
  const d = describeDevice(serial());
  try {
    const res = await apiFetch<TokenResponse>(apiPath(auto.url), {
      method: 'POST',
      auth: false,
      body: { manufacturer: d.vendor, model: d.model, serial: d.serial, os: `${d.os_name} ${d.os_version}`.trim() },
    });
    await completeLogin(res);
    setAutoAuthFailure(null);
    return true;
  } catch (e) {
    // A forbidden country is handled by the API hook (geo lock); the start-up goes on.
    if (e instanceof ApiError && e.type === 'forbidden_country') return false;
    setAutoAuthFailure({ message: e instanceof ApiError ? e.message : '', supportPhone: auto.support_phone });
    return false;
  }
}

/**
 * The start-up hook for src/app/boot: auto-auth when the network offers it and nobody
 * is logged in; a failure opens #auth with the failure and a retry button.
 */
export async function autoAuthAtStart(network: Pick<NetworkInfo, 'auto_auth'>): Promise<void> {
  if (!network.auto_auth || readKey(StorageKey.isLogged) === '1') return;
  if (await runAutoAuth(network)) return;
  if (authStore.get().autoAuthFailure && window.location.hash !== '#auth') {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#auth`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }
}
