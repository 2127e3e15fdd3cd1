import { showPromoDays } from '@/shared/lib/constants';
import type { NetworkInfo } from '@/shared/api';

// Spec 2: a path containing 'promo' opens the promo-code dialog. The promo pages
// themselves (/promo, /promo/{id}) hold the flow, and paths deeper in other areas
// (/contents/promo-x-1) are theirs: only the first segment of an unknown page counts.
export function isPromoPath(pathname: string): boolean {
  const first = pathname.split('/').find((s) => s !== '')?.toLowerCase() ?? '';
  return first !== 'promo' && first.includes('promo');
}

/**
 * Spec 5: guests see a register prompt when the operator gives promo days and they have no
 * purchases; the number of days is shown only when it is 90 or less.
 */
export function registerPrompt(network: Pick<NetworkInfo, 'promo_days' | 'is_have_purchases'> | undefined, isLogged: boolean): { days: number | null } | null {
  if (isLogged || !network || !(network.promo_days > 0) || network.is_have_purchases) return null;
  return { days: showPromoDays(network.promo_days) ? network.promo_days : null };
}
