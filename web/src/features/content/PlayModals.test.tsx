import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { account } from '../payments/fixtures';
import { renderWithModals } from '../payments/testHarness';
import { PacketsModal } from './PlayModals';

vi.setConfig({ testTimeout: 20_000 });

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

beforeEach(() => {
  clearCookiesAndStorage();
  window.sessionStorage.clear();
  sessionStore.set({ ...emptySession, token: 'tok', isLogged: true, deviceId: 3 });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the packets modal of a content', () => {
  it("offers the packets and the film's rent and buy offers with prices, and starts the purchase", async () => {
    fakeServer({
      'GET /v2/offers/contents/9': () => ({
        body: [
          { offer_id: 3, content_id: 9, type: 'rent', amount: 9900, currency: 'RUB', rental_hours: 48, title: 'Film' },
          { offer_id: 4, content_id: 9, type: 'buy', amount: 39900, currency: 'RUB', rental_hours: 0, title: 'Film' },
        ],
      }),
      'GET /v2/users/self': () => ({ body: { id: 1, parental_status: 'not_set' } }),
      'GET /v2/users/self/accounts': () => ({ body: account() }),
      'GET /v2/users/self/balance': () => ({ body: { balance: 100000, currency: 'RUB' } }),
    });
    const u = userEvent.setup();
    renderWithModals(<PacketsModal packets={[{ id: 5, name: 'Basic', price: 29900, currency: 'RUB', period_days: 30 }]} contentId={9} onClose={() => undefined} />, {
      path: '/contents/film-9',
    });
    const rent = (await screen.findByText('Rent for 48 hours')).closest('li')!;
    expect(text(rent)).toContain('RUB 99');
    const buy = screen.getByText('Buy forever').closest('li')!;
    expect(text(buy)).toContain('RUB 399');
    const packet = screen.getByRole('link', { name: /Basic/ }).closest('li')!;
    expect(text(packet)).toContain('RUB 299 for 1 month');
    expect(within(packet).getByRole('button', { name: 'Buy' })).toBeTruthy();

    await u.click(within(rent).getByRole('button', { name: 'Rent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the purchase' });
    await waitFor(() => expect(text(dialog)).toContain('Film: RUB 99 will be paid from your balance.'));
  });
});
