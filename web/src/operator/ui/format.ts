import { formatMoney } from '@/shared/lib/money';

// Dates and money in the interface language. Stamps come as RFC 3339 strings, subscription
// periods as unix seconds (the contract's two kinds of time).

export function formatDateTime(iso: string | null | undefined, lng: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatDate(iso: string | null | undefined, lng: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(d);
}

export function formatUnixDate(seconds: number, lng: string): string | null {
  if (!seconds) return null;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}

export { formatMoney };

/** A base32 secret in groups of four, as authenticator apps print it. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** An address the server gave as a path made absolute on this site, for copying. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/** Signed minor units ("+150 ₽", "−1 234,50 ₽") for ledger entries. */
export function formatSignedMoney(minor: number, currency: string, lng: string): string {
  const whole = minor % 100 === 0;
  try {
    return new Intl.NumberFormat(lng, {
      style: 'currency',
      currency,
      signDisplay: 'exceptZero',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(minor / 100);
  } catch {
    return `${minor > 0 ? '+' : ''}${whole ? minor / 100 : (minor / 100).toFixed(2)} ${currency}`;
  }
}

/** Unix seconds as a date with the time of day. */
export function formatUnixDateTime(seconds: number, lng: string): string | null {
  if (!seconds) return null;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
}
