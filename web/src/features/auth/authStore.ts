import { createStore, useStore } from '@/shared/lib/createStore';

// What the auth screens remember outside one modal: whether this browser registered a
// user by phone (spec 4: a guest who registers on the fly is recorded as newly
// registered; analytics read it) and a failed auto-auth waiting for a retry.

export interface AuthState {
  /** Phone registered on the fly in this session (POST /v2/users after invalid_phone). */
  newlyRegistered: { phone: string; at: number } | null;
  /** Auto-auth failed at start-up: the #auth modal shows the failure with a retry. */
  autoAuthFailure: { message: string; supportPhone: string } | null;
}

export const authStore = createStore<AuthState>({ newlyRegistered: null, autoAuthFailure: null });
export const useAuthState = () => useStore(authStore);

const NEWLY_REGISTERED_KEY = 'efir.newlyRegistered';
/** The "newly registered" flag lasts 30 s (the spec's guest-login flags expire after 30 s). */
export const NEWLY_REGISTERED_MS = 30_000;

export function recordRegistration(phone: string, now: number = Date.now()): void {
  authStore.set((s) => ({ ...s, newlyRegistered: { phone, at: now } }));
  try {
    window.sessionStorage.setItem(NEWLY_REGISTERED_KEY, JSON.stringify({ phone, at: now }));
  } catch {
    // Storage may be unavailable (private mode): the in-memory flag is enough.
  }
  window.dispatchEvent(new CustomEvent('efir:registered', { detail: { phone, method: 'phone' } }));
}

/** Analytics hook: true within 30 s of this session registering a user by phone. */
export function wasNewlyRegistered(now: number = Date.now()): boolean {
  let at = authStore.get().newlyRegistered?.at;
  if (at === undefined) {
    try {
      const stored = window.sessionStorage.getItem(NEWLY_REGISTERED_KEY);
      at = stored ? (JSON.parse(stored) as { at?: number }).at : undefined;
    } catch {
      at = undefined;
    }
  }
  if (typeof at !== 'number') return false;
  if (now - at < NEWLY_REGISTERED_MS && now >= at) return true;
  // Expired: forget it, so that nothing reads a stale flag later.
  authStore.set((s) => ({ ...s, newlyRegistered: null }));
  try {
    window.sessionStorage.removeItem(NEWLY_REGISTERED_KEY);
  } catch {
    // nothing kept
  }
  return false;
}

export function setAutoAuthFailure(failure: AuthState['autoAuthFailure']): void {
  authStore.set((s) => ({ ...s, autoAuthFailure: failure }));
}
