// Sign-in phone rules that only the auth area has; the mask rules are in shared/lib/phoneMask.

/** Spec 5, Alma flow: only phones beginning with 7 are sent to the server. */
export function almaMaySend(phone: string): boolean {
  return phone.startsWith('7');
}
