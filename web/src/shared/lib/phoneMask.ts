// Phone mask rules of spec section 5 (sign-in field, account settings, account menu). The operator's phone mask (network `phone_mask`, e.g.
// "+7 (###) ###-##-##") gives the fixed country prefix (the digits before the first #)
// and the length of a full number: every # plus every digit of the mask.

export const DEFAULT_PHONE_MASK = '+7 (###) ###-##-##';

export interface PhoneMask {
  mask: string;
  /** Digits the mask writes itself, e.g. "7". */
  prefix: string;
  /** Digits the viewer types (# slots). */
  slots: number;
  /** Digits of a full number (prefix + slots). */
  total: number;
}

export function parseMask(mask: string | null | undefined): PhoneMask {
  const m = mask && mask.includes('#') ? mask : DEFAULT_PHONE_MASK;
  const firstSlot = m.indexOf('#');
  const prefix = m.slice(0, firstSlot).replace(/\D/g, '');
  const slots = (m.match(/#/g) ?? []).length;
  const total = (m.match(/[#\d]/g) ?? []).length;
  return { mask: m, prefix, slots, total };
}

/** The digit count of a mask (default 11). */
export function maskDigitCount(mask: string | null | undefined): number {
  return parseMask(mask).total;
}

/**
 * What the viewer typed (or the browser autofilled) -> the digits of the # slots. Only
 * digits count. A leading "+7" (the mask's prefix) or "8" of an autofilled full number
 * is stripped; the result is cut to the slot count.
 */
export function subscriberDigits(raw: string, m: PhoneMask): string {
  const trimmed = raw.trimStart();
  let digits = raw.replace(/\D/g, '');
  const literalPrefix = m.prefix ? `+${m.prefix}` : '';
  if (literalPrefix && trimmed.startsWith(literalPrefix)) {
    digits = digits.slice(m.prefix.length);
  }
  // A full number typed or autofilled after the prefix ("8 900...", "+7 900..." typed key by key).
  if (m.prefix && digits.length > m.slots && (digits.startsWith(m.prefix) || (m.prefix === '7' && digits.startsWith('8')))) {
    digits = digits.slice(m.prefix.length);
  }
  return digits.slice(0, m.slots);
}

/**
 * The subscriber digits laid into the mask, up to the last typed digit ("" when none).
 * Literals after the last digit are left out, so Backspace always removes a digit.
 */
export function formatPhone(subscriber: string, m: PhoneMask): string {
  if (!subscriber) return '';
  let out = '';
  let pending = '';
  let i = 0;
  for (const ch of m.mask) {
    if (i >= subscriber.length) break;
    if (ch === '#') {
      out += pending + subscriber[i++];
      pending = '';
    } else {
      pending += ch;
    }
  }
  return out;
}

/** The full number the server gets: prefix + subscriber digits. */
export function fullPhone(subscriber: string, m: PhoneMask): string {
  return m.prefix + subscriber.replace(/\D/g, '');
}

/** Spec 5: only digits, and as many as the mask has; otherwise error_wrong_phone. */
export function isValidPhone(phone: string, m: PhoneMask): boolean {
  return /^\d+$/.test(phone) && phone.length === m.total;
}

/**
 * A stored full number ("79000000001") for display: laid into the mask when it has the
 * mask's prefix and length ("+7 (900) 000-00-01"), else the digits after a "+". Anything
 * that is not only digits (a login kept in the phone field) is shown as it is.
 */
export function displayPhone(phone: string, m: PhoneMask): string {
  if (!/^\d+$/.test(phone)) return phone;
  if (phone.length === m.total && phone.startsWith(m.prefix)) {
    const shown = formatPhone(phone.slice(m.prefix.length), m);
    return shown.startsWith('+') || !m.prefix ? shown : `+${shown}`;
  }
  return `+${phone}`;
}
