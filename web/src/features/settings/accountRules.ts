// Account settings rules of spec access-and-identity 5 "E-mail (account settings)".

export { acceptsEmailInput, nextEmailValue } from '@/shared/lib/email';

export interface AccountDraft {
  firstName: string;
  email: string;
}

export type AccountErrors = Partial<Record<keyof AccountDraft, 'required'>>;

/**
 * The e-mail is required (spec 5); the first name is not: a viewer without one still saves
 * an e-mail. Nothing is sent while the e-mail is missing.
 */
export function validateAccount(draft: AccountDraft): AccountErrors {
  const errors: AccountErrors = {};
  if (!draft.email.trim()) errors.email = 'required';
  return errors;
}
