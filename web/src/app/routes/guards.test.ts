// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyticsAllowed, BANK_APP_PARTNERS, partnerRedirectsHome } from './guards';

const bank = BANK_APP_PARTNERS[0]!;

describe('partner redirect (spec 2 "Partner behaviour")', () => {
  it('sends the bank-app partner home from lk, account_mobile and settings outside a webview', () => {
    for (const path of ['/lk', '/account_mobile', '/settings', '/settings/devices', '/settings/language/interface']) {
      expect(partnerRedirectsHome(path, bank, false), path).toBe(true);
    }
  });

  it('leaves other pages, other partners and the webview alone', () => {
    expect(partnerRedirectsHome('/', bank, false)).toBe(false);
    expect(partnerRedirectsHome('/channels', bank, false)).toBe(false);
    expect(partnerRedirectsHome('/lk_parental', bank, false)).toBe(false);
    expect(partnerRedirectsHome('/lk', bank, true)).toBe(false);
    expect(partnerRedirectsHome('/lk', 'other', false)).toBe(false);
    expect(partnerRedirectsHome('/lk', null, false)).toBe(false);
  });

  it('turns analytics off in the mobile-account mode', () => {
    expect(analyticsAllowed('/account_mobile')).toBe(false);
    expect(analyticsAllowed('/x/account_mobile')).toBe(false);
    expect(analyticsAllowed('/lk')).toBe(true);
  });
});
