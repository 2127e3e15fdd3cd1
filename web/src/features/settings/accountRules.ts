// Account settings rules of spec access-and-identity 5 "E-mail (account settings)".

/** Input containing Cyrillic letters or the punycode prefix is ignored (the field keeps its value). */
export function acceptsEmailInput(next: string): boolean {
  return !/[\u0400-\u04FF]/.test(next) && !next.toLowerCase().includes('xn--');
}

/** The value the e-mail field shows after the viewer typed `next`. */
export function nextEmailValue(previous: string, next: string): string {
  return acceptsEmailInput(next) ? next : previous;
}

export interface AccountDraft {
  firstName: string;
  email: string;
}

export type AccountErrors = Partial<Record<keyof AccountDraft, 'required'>>;

/** First name and e-mail are both required; nothing is sent while one is missing. */
export function validateAccount(draft: AccountDraft): AccountErrors {
  const errors: AccountErrors = {};
  if (!draft.firstName.trim()) errors.firstName = 'required';
  if (!draft.email.trim()) errors.email = 'required';
  return errors;
}
