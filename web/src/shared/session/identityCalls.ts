import { apiFetch } from '../api/client';
import { ApiError } from '../api/errors';
import type { CreateUserRequest, Device, DeviceAuthResponse, TokenResponse, User } from '../api/types';
import { APP_VERSION } from '../lib/constants';
import { describeDevice, newSerial } from '../lib/device';
import { getSerial } from './sessionStore';

// The identity calls the session needs (spec 7 "Authentication"). Feature screens
// (login forms, device list) build on these through the session's public functions.

function randomSecret(length: number): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function createGuestUser(referId?: string): Promise<{ login: string; password: string }> {
  const login = `guest_${randomSecret(12)}`;
  // The server wants a machine secret of at least 24 characters; 32 of 32 symbols = 160 bits.
  const password = randomSecret(32);
  const body: CreateUserRequest = { username: login, password, is_guest: true, app_version: String(APP_VERSION) };
  if (referId) body.refer_id = referId;
  await apiFetch<User>('/users', { method: 'POST', body, auth: false });
  return { login, password };
}

export function loginWithPassword(login: string, password: string): Promise<TokenResponse> {
  return apiFetch<TokenResponse>('/auth/login', { method: 'POST', body: { login, password }, auth: false });
}

/**
 * Registers this browser as a device of the token's user. When the device limit is
 * reached (400) the oldest-logged-in other device is removed and the call repeated once.
 */
export async function registerDevice(token: string): Promise<Device> {
  const body = describeDevice(getSerial(newSerial));
  try {
    return await apiFetch<Device>('/users/self/devices', { method: 'POST', body, token });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400 || e.type !== 'too_many_devices') throw e;
    const devices = await apiFetch<Device[]>('/users/self/devices', { token });
    const oldest = oldestRemovableDevice(devices);
    if (!oldest) throw e;
    await apiFetch<void>(`/users/self/devices/${oldest.id}`, { method: 'DELETE', token });
    return apiFetch<Device>('/users/self/devices', { method: 'POST', body, token });
  }
}

export function oldestRemovableDevice(devices: Device[]): Device | null {
  const candidates = devices.filter((d) => !d.is_current);
  candidates.sort((a, b) => loginTime(a) - loginTime(b));
  return candidates[0] ?? null;
}

function loginTime(d: Device): number {
  const t = d.login_at ? Date.parse(d.login_at) : NaN;
  return Number.isFinite(t) ? t : 0;
}

/** POST /auth/device: a fresh token bound to the device (an expired token is accepted). */
export function authenticateDevice(deviceId: number, token: string): Promise<DeviceAuthResponse> {
  return apiFetch<DeviceAuthResponse>('/auth/device', { method: 'POST', body: { device_id: deviceId }, token });
}

export function logoutDevice(token: string): Promise<void> {
  return apiFetch<void>('/auth/logout', { method: 'POST', token });
}
