import { apiFetch, type TokenResponse } from '@/shared/api';
import { hasTelegramLaunchParams, isTelegramMiniApp, telegramWebApp } from '@/shared/lib/runMode';
import { completeLogin, sessionStore } from '@/shared/session';

// The Telegram mini app (spec 1, 6): Telegram opens the site with its launch data in
// the URL fragment. Only then is Telegram's web-app script loaded (elsewhere the site
// never asks telegram.org for anything); the launch data signs the viewer in on the
// server (POST /v2/auth/telegram), as guests are not allowed in the mini app.

export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

let scriptLoad: Promise<boolean> | null = null;

/** Loads Telegram's script once; resolves false when it does not come within timeoutMs. */
export function loadTelegramScript(timeoutMs = 5000): Promise<boolean> {
  if (telegramWebApp()) return Promise.resolve(true);
  scriptLoad ??= new Promise<boolean>((resolve) => {
    const el = document.createElement('script');
    el.src = TELEGRAM_SCRIPT;
    el.async = true;
    const timer = window.setTimeout(() => resolve(false), timeoutMs);
    el.onload = () => {
      window.clearTimeout(timer);
      resolve(telegramWebApp() !== null);
    };
    el.onerror = () => {
      window.clearTimeout(timer);
      resolve(false);
    };
    document.head.appendChild(el);
  });
  return scriptLoad;
}

/** The launch data: from Telegram's script, else straight from the URL fragment. */
export function launchData(hash: string = window.location.hash): string {
  const fromScript = telegramWebApp()?.initData;
  if (fromScript) return fromScript;
  if (!hasTelegramLaunchParams(hash)) return '';
  return new URLSearchParams(hash.slice(1)).get('tgWebAppData') ?? '';
}

export function signInWithTelegram(initData: string): Promise<TokenResponse> {
  return apiFetch<TokenResponse>('/auth/telegram', { method: 'POST', auth: false, body: { init_data: initData } });
}

/**
 * Start-up in the mini app: load the script when Telegram's launch parameters are in
 * the URL, tell Telegram the app is ready, and sign in by the launch data unless a
 * registered viewer is already signed in. A failure leaves the sign-in dialog (the
 * mini app has no guests, so it is forced).
 */
export async function telegramAtStart(): Promise<'signed-in' | 'kept' | 'failed' | 'not-telegram'> {
  if (!isTelegramMiniApp()) return 'not-telegram';
  if (hasTelegramLaunchParams(window.location.hash)) {
    const data = launchData(); // read before the script or the router change the fragment
    if (await loadTelegramScript()) {
      const app = telegramWebApp();
      app?.ready?.();
      app?.expand?.();
    }
    return signInBy(data || launchData(''));
  }
  return signInBy(launchData(''));
}

async function signInBy(data: string): Promise<'signed-in' | 'kept' | 'failed'> {
  const s = sessionStore.get();
  if (s.isLogged && s.token) return 'kept';
  if (!data) return 'failed';
  try {
    await completeLogin(await signInWithTelegram(data));
    return 'signed-in';
  } catch {
    return 'failed';
  }
}
