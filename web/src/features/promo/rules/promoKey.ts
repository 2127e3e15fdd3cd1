// Spec 5 and 9: a promo code is required and at most 15 characters; the submit button is
// off while the field is empty or a call is running.

export const PROMO_KEY_MAX_LENGTH = 15;

/** Spaces around a pasted code are not part of it. */
export function normalisePromoKey(raw: string): string {
  return raw.trim();
}

export type PromoKeyProblem = 'required' | 'tooLong';

export function promoKeyProblem(raw: string): PromoKeyProblem | null {
  const key = normalisePromoKey(raw);
  if (key === '') return 'required';
  if (key.length > PROMO_KEY_MAX_LENGTH) return 'tooLong';
  return null;
}

export function canSubmitPromo(raw: string, busy: boolean): boolean {
  return !busy && promoKeyProblem(raw) === null;
}
