import { apiFetch } from '@/shared/api';
import type { components } from '@/shared/api/schema';

// Web push calls (GET /v2/push/vapid_key, POST /v2/users/self/push_subscriptions).

export type PushSubscriptionRecord = components['schemas']['PushSubscription'];

/** The installation's VAPID public key (base64url), the browser's applicationServerKey. */
export async function fetchVapidKey(signal?: AbortSignal): Promise<string> {
  const { public_key } = await apiFetch<{ public_key: string }>('/push/vapid_key', { auth: false, signal });
  return public_key;
}

/** Stores the browser's subscription for the signed-in device (replacing its old one). */
export const saveSubscription = (subscription: PushSubscriptionJSON) =>
  apiFetch<PushSubscriptionRecord>('/users/self/push_subscriptions', { method: 'POST', body: subscription });

/** base64url (the key's form on the wire) to the bytes pushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
