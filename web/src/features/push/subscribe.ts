import { base64UrlToBytes, fetchVapidKey, saveSubscription } from './api';
import { ensureServiceWorker } from './serviceWorker';

// Subscribing the browser to web push: the permission, the browser's push subscription
// made with the installation's VAPID key, and that subscription stored for the
// signed-in device on the server.

/** Whether this browser can get web pushes from this page at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The page's notification permission ('unsupported' when there is no push here). */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/**
 * Makes (or reuses) the browser's push subscription and stores it on the server. A
 * subscription made with another key (a reinstalled server) is replaced.
 */
export async function subscribeDevice(): Promise<void> {
  const { registration } = await ensureServiceWorker();
  if (!registration) throw new Error('push: no service worker');
  // The worker must be active before it can subscribe.
  const ready = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(await fetchVapidKey());
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveSubscription(subscription.toJSON());
}

/**
 * The #push modal's action: asks for the permission, then subscribes. Answers the
 * permission the viewer gave.
 */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribeDevice();
  return permission;
}

let synced: string | null = null;

/**
 * Keeps the server's record of this device in step with the browser: once per token
 * (a new device after sign-in gets the browser's subscription), when the permission
 * is already given; `force` stores it again (the browser replaced it).
 */
export async function syncPush(token: string, force = false): Promise<void> {
  if ((synced === token && !force) || pushPermission() !== 'granted') return;
  synced = token;
  try {
    await subscribeDevice();
  } catch {
    synced = null; // tried again with the next page load or token
  }
}
