import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { resetRunModeForTests, setOperatorPartners } from '@/shared/lib/runMode';
import { readKey, StorageKey, writeKey } from '@/shared/session';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import AppBanner from './AppBanner';
import { OFFER_TEXTS, offerLanguage } from './offerTexts';

const LINKS = { ios: 'https://apps.apple.com/app/id1', android: 'https://play.google.com/store/apps/details?id=tv.efir.app' };

function renderBanner(lng: 'en' | 'ru' = 'en') {
  fakeServer({ 'GET /v2/platform/resources': () => ({ body: { brand_name: 'Efir Demo', app_links: LINKS } }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createTestI18n(lng);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/channels?x=1']}>
          <main id="main" tabIndex={-1}>
            <AppBanner links={LINKS} />
          </main>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  configureApi({ getToken: () => null, getLanguage: () => 'en' });
  localStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`));
  resetRunModeForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('mobile-app banner', () => {
  it('offers every store on a device of no known store, and skip hides it for good', () => {
    renderBanner();
    expect(screen.getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(LINKS.ios);
    expect(screen.getByRole('link', { name: 'Google Play' }).getAttribute('href')).toBe(LINKS.android);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(readKey(StorageKey.skipApp)).toBe('1');
  });

  it("opens through /open_mobile_app on a phone of a known store", () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1' });
    renderBanner();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/open_mobile_app?path=%2Fchannels%3Fx%3D1');
  });
});

describe("the bank-app partner's offer", () => {
  beforeEach(() => {
    setOperatorPartners([{ id: 'bank_app', app_offer: 'premium_30' }, { id: 'other' }]);
  });

  it('is for the partner with an offer only', () => {
    writeKey(StorageKey.partner, 'other');
    renderBanner();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('complementary')).toBeTruthy();
  });

  it('shows the offer, then how to get it, full screen', () => {
    writeKey(StorageKey.partner, 'bank_app');
    renderBanner();
    const dialog = screen.getByRole('dialog', { name: 'Premium for 30 days' });
    expect(dialog.textContent).toContain('for just 1 000 sum');
    for (const b of ['170+ TV channels', '10 online cinemas', '5 devices per account', 'Exclusive Uzbek content']) {
      expect(screen.getByText(b)).toBeTruthy();
    }
    expect(screen.queryByRole('complementary')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get Premium' }));
    expect(screen.getByRole('dialog', { name: 'Install the app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Install the app' }).getAttribute('href')).toBe('/open_mobile_app?path=%2Fchannels%3Fx%3D1');
    fireEvent.click(screen.getByRole('button', { name: 'Stay on the website' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readKey(StorageKey.skipApp)).toBe('1');
  });

  it('is declined at the first step like a skip', () => {
    writeKey(StorageKey.partner, 'bank_app');
    renderBanner('ru');
    expect(screen.getByRole('dialog', { name: 'Premium на 30 дней' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Не сейчас' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readKey(StorageKey.skipApp)).toBe('1');
  });
});

describe('offer texts', () => {
  it('exist in ru, en and uz, each with the same four benefits and three steps', () => {
    expect(Object.keys(OFFER_TEXTS).sort()).toEqual(['en', 'ru', 'uz']);
    for (const texts of Object.values(OFFER_TEXTS)) {
      expect(texts.benefits).toHaveLength(4);
      expect(texts.installSteps).toHaveLength(3);
      expect(texts.offerPrice).toContain('1 000');
    }
    expect(offerLanguage('uz')).toBe('uz');
    expect(offerLanguage('en-GB')).toBe('en');
    expect(offerLanguage('kk')).toBe('ru');
  });
});
