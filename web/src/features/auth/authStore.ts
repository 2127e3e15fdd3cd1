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

export function recordRegistration(phone: string, now: number = Date.now()): void {
  authStore.set((s) => ({ ...s, newlyRegistered: { phone, at: now } }));
  try {
    window.sessionStorage.setItem(NEWLY_REGISTERED_KEY, JSON.stringify({ phone, at: now }));
  } catch {
    // Storage may be unavailable (private mode): the in-memory flag is enough.
  }
  window.dispatchEvent(new CustomEvent('efir:registered', { detail: { phone, method: 'phone' } }));
}

/** Analytics hook: true when the current session registered a user by phone. */
export function wasNewlyRegistered(): boolean {
  if (authStore.get().newlyRegistered) return true;
  try {
    return window.sessionStorage.getItem(NEWLY_REGISTERED_KEY) !== null;
  } catch {
    return false;
  }
}

export function setAutoAuthFailure(failure: AuthState['autoAuthFailure']): void {
  authStore.set((s) => ({ ...s, autoAuthFailure: failure }));
}
