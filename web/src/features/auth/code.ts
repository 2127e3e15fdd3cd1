// One-time code rules of spec section 5 and the countdowns of section 9.

export const DEFAULT_CODE_LENGTH = 6;
export const RESEND_SECONDS = 60;
export const TELEGRAM_POLL_MS = 5_000;

/** The code length: network phone_otp_length when sane (4-8), else 6. */
export function codeLength(phoneOtpLength: number | null | undefined): number {
  const n = Number(phoneOtpLength);
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_CODE_LENGTH;
}

/** Only digits, at most `length` of them. */
export function sanitizeCode(raw: string, length: number): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

/** The confirm button is enabled only when the code has exactly the expected length. */
export function isCodeComplete(code: string, length: number): boolean {
  return /^\d+$/.test(code) && code.length === length;
}

/** Whole seconds left until `endsAt` (ms), never negative. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The wait of a 429 answer (detail.wait, seconds), at least 1. */
export function waitSeconds(detail: Record<string, string>, fallback = RESEND_SECONDS): number {
  const n = Number.parseInt(detail.wait ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
