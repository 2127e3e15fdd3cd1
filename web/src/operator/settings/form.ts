import { isApiError } from '@/shared/api/errors';
import type { Messenger, OperatorSettings, SettingsPatch } from './api';

// The settings form's values as typed (all text), and back to the call's body.

export interface FormValues {
  name: string;
  accent_color: string;
  button_color: string;
  phone_mask: string;
  phone_otp_length: string;
  languages: string[];
  currency: string;
  currency_symbol: string;
  support_phone: string;
  support_email: string;
  support_url: string;
  messengers: Messenger[];
  device_limit: string;
  stream_limit: string;
  stat_retention_days: string;
  guest_allowed: boolean;
  allowed_countries: string;
  networks: string;
  counter_url: string;
  sentry_dsn: string;
}

export function formValues(s: OperatorSettings): FormValues {
  return {
    name: s.name,
    accent_color: s.accent_color,
    button_color: s.button_color,
    phone_mask: s.phone_mask,
    phone_otp_length: String(s.phone_otp_length),
    languages: [...s.languages],
    currency: s.currency,
    currency_symbol: s.currency_symbol,
    support_phone: s.support.phone,
    support_email: s.support.email,
    support_url: s.support.url,
    messengers: s.messengers.map((m) => ({ ...m })),
    device_limit: String(s.device_limit),
    stream_limit: String(s.stream_limit),
    stat_retention_days: String(s.stat_retention_days),
    guest_allowed: s.guest_allowed,
    allowed_countries: s.allowed_countries.join(', '),
    networks: s.networks.join('\n'),
    counter_url: s.counter_url ?? '',
    sentry_dsn: s.sentry_dsn ?? '',
  };
}

/** A whole number typed in a field; NaN (refused by the server, field by field) otherwise. */
function whole(text: string): number {
  return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function patchOf(v: FormValues): SettingsPatch {
  const list = (text: string, sep: RegExp) =>
    text
      .split(sep)
      .map((s) => s.trim())
      .filter(Boolean);
  const otp = whole(v.phone_otp_length);
  const devices = whole(v.device_limit);
  const streams = whole(v.stream_limit);
  const retention = whole(v.stat_retention_days);
  return {
    name: v.name,
    accent_color: v.accent_color.trim(),
    button_color: v.button_color.trim(),
    phone_mask: v.phone_mask,
    // A number that is not one is sent as 0: the server names the field.
    phone_otp_length: Number.isNaN(otp) ? 0 : otp,
    languages: v.languages,
    currency: v.currency,
    currency_symbol: v.currency_symbol,
    support: { phone: v.support_phone, email: v.support_email, url: v.support_url },
    messengers: v.messengers.filter((m) => m.name.trim() || m.url.trim()),
    device_limit: Number.isNaN(devices) ? 0 : devices,
    stream_limit: Number.isNaN(streams) ? -1 : streams,
    stat_retention_days: Number.isNaN(retention) ? 0 : retention,
    guest_allowed: v.guest_allowed,
    allowed_countries: list(v.allowed_countries, /[\s,;]+/),
    networks: list(v.networks, /[\s,;]+/),
    counter_url: v.counter_url.trim(),
    sentry_dsn: v.sentry_dsn.trim(),
  };
}

/**
 * The server's message for a field of a refused change: the field's own detail, else the
 * first of its items (networks.2, messengers.0.url).
 */
export function errorFor(e: unknown, field: string): string | null {
  if (!isApiError(e) || e.status !== 400) return null;
  if (e.detail[field]) return e.detail[field];
  const item = Object.keys(e.detail)
    .filter((k) => k.startsWith(`${field}.`))
    .sort()[0];
  return item ? (e.detail[item] ?? null) : null;
}

/** The detail of a messenger row's field (messengers.{i}.name / .url). */
export function messengerError(e: unknown, i: number, part: 'name' | 'url'): string | null {
  return isApiError(e) && e.status === 400 ? (e.detail[`messengers.${i}.${part}`] ?? null) : null;
}
