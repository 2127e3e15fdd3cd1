import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi, DEFAULT_CONFIGURATION, platformKeys } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { BlockAlmaModal } from './BlockAlmaModal';

const i18n = createTestI18n('en');

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.hash}</output>;
}

function renderModal(paymentEnabled: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(platformKeys.configuration(), { ...DEFAULT_CONFIGURATION, payment_enabled: paymentEnabled });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/#block_alma']}>
          <BlockAlmaModal onClose={() => undefined} />
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  clearCookiesAndStorage();
  sessionStore.set({ ...emptySession, token: 'tok', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  fakeServer({
    'GET /v2/mw/status_block': () => ({ body: { balance: -150000, username: 'alma', amount: 150000, status: 'blocked', message_detail: 'Top up to watch.' } }),
    'GET /v2/users/self': () => ({ body: { id: 1, provider: { currency: { ISO_CODE: 'KZT' } } } }),
  });
});
afterEach(() => cleanup());

describe('#block_alma', () => {
  it('offers to pay what the contract owes by QR code where payments are on', async () => {
    renderModal(true);
    expect(await screen.findByText('Top up to watch.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Top up by QR code' }));
    expect(screen.getByTestId('where').textContent).toBe('#pay_qr_alma');
  });

  it('has no payment button where the operator takes no payments', async () => {
    renderModal(false);
    expect(await screen.findByText('Top up to watch.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Top up by QR code' })).toBeNull();
  });
});
