import { apiFetch, ApiError, type TokenResponse } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { recordRegistration } from './authStore';

// The sign-in calls of spec 7 "Authentication" that only the auth screens make.

type Schemas = components['schemas'];
export type SendMethods = Schemas['SendMethods'];
export type City = Schemas['City'];
export type AlmaAddress = Schemas['AlmaAddress'];
export type StatusBlock = Schemas['StatusBlock'];

const noToken = { auth: false } as const;

export function sendOtp(phone: string): Promise<{ message: string }> {
  return apiFetch('/otps', { ...noToken, method: 'POST', body: { phone, can_display_message: true } });
}

export function registerPhone(phone: string): Promise<unknown> {
  return apiFetch('/users', { ...noToken, method: 'POST', body: { username: phone, phone } });
}

/**
 * Spec 4 "Phone login": send the code; an unknown phone (400 invalid_phone) is
 * registered and the code sent again. The registration is recorded (newly registered).
 */
export async function sendLoginCode(phone: string): Promise<{ message: string; registered: boolean }> {
  try {
    return { ...(await sendOtp(phone)), registered: false };
  } catch (e) {
    if (!(e instanceof ApiError) || e.type !== 'invalid_phone') throw e;
  }
  await registerPhone(phone);
  recordRegistration(phone);
  return { ...(await sendOtp(phone)), registered: true };
}

export function confirmOtp(phone: string, token: string): Promise<TokenResponse> {
  return apiFetch<TokenResponse>('/auth/otp', { ...noToken, method: 'POST', body: { phone, token } });
}

export function getSendMethods(phone: string, signal?: AbortSignal): Promise<SendMethods> {
  return apiFetch<SendMethods>('/otp/send_methods', { ...noToken, query: { phone }, signal });
}

export function otpExists(phone: string, signal?: AbortSignal): Promise<{ otp_exist: boolean }> {
  return apiFetch('/otp/exist', { ...noToken, query: { phone }, signal });
}

/** Telegram first with a link: the hint with the bot link is shown. */
export function telegramLink(methods: SendMethods | null | undefined): string | null {
  return methods?.methods[0] === 'telegram' && methods.link ? methods.link : null;
}

// ---- Alma flow (network provider.alma) ----

export function almaSendOtp(phone: string): Promise<{ message: string }> {
  return apiFetch('/mw/otps', { ...noToken, method: 'POST', body: { phone, can_display_message: true } });
}

export function almaConfirmOtp(phone: string, token: string): Promise<{ mwat: string; cities: City[] }> {
  return apiFetch('/mw/auth/otp', { ...noToken, method: 'POST', body: { phone, token } });
}

export function almaCities(mwat: string): Promise<City[]> {
  return apiFetch<City[]>('/mw/cities', { ...noToken, query: { mwat } });
}

export function almaSetCity(mwat: string, cityId: number): Promise<{ mwat: string; addresses: AlmaAddress[] }> {
  return apiFetch('/mw/set_city', { ...noToken, method: 'POST', body: { mwat, city_id: cityId } });
}

export function almaSetAddress(mwat: string, a: AlmaAddress): Promise<TokenResponse> {
  return apiFetch<TokenResponse>('/mw/set_address', {
    ...noToken,
    method: 'POST',
    body: { mwat, address_id: a.address_id, provider_id: a.provider_id, user_id: a.user_id },
  });
}

export function almaStatusBlock(signal?: AbortSignal): Promise<StatusBlock> {
  return apiFetch<StatusBlock>('/mw/status_block', { signal });
}
