import type { PartnerSettings } from '@/shared/lib/runMode';
import type { PartnerNotice } from './rules';

// The partner's notice from the operator's partner settings (runMode): the install notice's
// variant 'promo' is the partner's promo offer, any other variant its install notice.

export function partnerNotice(settings: PartnerSettings): PartnerNotice | null {
  const n = settings.installNotice;
  if (!settings.id || !n) return null;
  return {
    kind: n.variant === 'promo' ? 'partnerPromo' : 'partnerInstall',
    variant: n.variant,
    afterSeconds: Math.max(0, n.delaySeconds),
    reopenSeconds: Math.max(0, n.reopenSeconds),
  };
}
