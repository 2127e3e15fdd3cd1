// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NO_PARTNER, partnerFromWire } from '@/shared/lib/runMode';
import { analyticsAllowed, partnerRedirectsHome } from './guards';

// A partner whose operator closed the account pages outside its webview, and one who did not.
const bank = partnerFromWire({ id: 'bank_app', closed_outside_webview: true });
const other = partnerFromWire({ id: 'other', hide_logout: true });

describe('partner redirect (spec 2 "Partner behaviour")', () => {
  it('sends a partner closed outside its webview home from lk, account_mobile and settings outside a webview', () => {
    for (const path of ['/lk', '/account_mobile', '/settings', '/settings/devices', '/settings/language/interface']) {
      expect(partnerRedirectsHome(path, bank, false), path).toBe(true);
    }
  });

  it('leaves other pages, other partners and the webview alone', () => {
    expect(partnerRedirectsHome('/', bank, false)).toBe(false);
    expect(partnerRedirectsHome('/channels', bank, false)).toBe(false);
    expect(partnerRedirectsHome('/lk_parental', bank, false)).toBe(false);
    expect(partnerRedirectsHome('/lk', bank, true)).toBe(false);
    expect(partnerRedirectsHome('/lk', other, false)).toBe(false);
    expect(partnerRedirectsHome('/lk', NO_PARTNER, false)).toBe(false);
  });

  it('turns analytics off in the mobile-account mode', () => {
    expect(analyticsAllowed('/account_mobile')).toBe(false);
    expect(analyticsAllowed('/x/account_mobile')).toBe(false);
    expect(analyticsAllowed('/lk')).toBe(true);
  });
});
