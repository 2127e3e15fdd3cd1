// E-mail rules of the spec (access-and-identity 5, catalogue 5): an e-mail input ignores
// text with Cyrillic letters or the punycode prefix, and the notification's form sends
// only an address of the standard pattern.

/** Input containing Cyrillic letters or the punycode prefix is ignored (the field keeps its value). */
export function acceptsEmailInput(next: string): boolean {
  return !/[\u0400-\u04FF]/.test(next) && !next.toLowerCase().includes('xn--');
}

/** The value an e-mail field shows after the viewer typed `next`. */
export function nextEmailValue(previous: string, next: string): string {
  return acceptsEmailInput(next) ? next : previous;
}

// The standard pattern: local part, '@', dotted domain labels, a letter top-level domain.
const STANDARD_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/** The address matches the standard e-mail pattern (and is not Cyrillic or punycode). */
export function isStandardEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && acceptsEmailInput(v) && STANDARD_EMAIL.test(v) && !v.includes('..');
}
