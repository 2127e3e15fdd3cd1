import { beforeEach, describe, expect, it } from 'vitest';
import { authStore, NEWLY_REGISTERED_MS, recordRegistration, wasNewlyRegistered } from './authStore';

beforeEach(() => {
  authStore.set({ newlyRegistered: null, autoAuthFailure: null });
  window.sessionStorage.clear();
});

describe('the newly registered flag', () => {
  it('holds for 30 s after a phone registration, then expires and is forgotten', () => {
    expect(wasNewlyRegistered(1_000)).toBe(false);
    recordRegistration('79001234567', 1_000);
    expect(wasNewlyRegistered(1_000 + NEWLY_REGISTERED_MS - 1)).toBe(true);
    expect(wasNewlyRegistered(1_000 + NEWLY_REGISTERED_MS)).toBe(false);
    expect(authStore.get().newlyRegistered).toBeNull();
    expect(window.sessionStorage.getItem('efir.newlyRegistered')).toBeNull();
  });

  it('is read back from the session storage after a reload, with its time', () => {
    window.sessionStorage.setItem('efir.newlyRegistered', JSON.stringify({ phone: '79001234567', at: 5_000 }));
    expect(wasNewlyRegistered(20_000)).toBe(true);
    expect(wasNewlyRegistered(40_000)).toBe(false);
  });
});
