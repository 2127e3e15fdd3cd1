import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { BalanceLine } from './BalanceLine';
import { PaymentSection } from './PaymentSection';
import type { Card, LedgerEntry, Transaction } from './types';

const i18n = createTestI18n('en');
const AT = Math.floor(Date.UTC(2026, 0, 10, 12) / 1000);

const cards: Card[] = [
  { id: 1, number: '•••• 4242', brand: 'Visa', is_primary: true },
  { id: 2, number: '•••• 0005', brand: 'Mir', is_primary: false },
];

const tx = (id: number, over: Partial<Transaction> = {}): Transaction => ({
  id,
  transaction_id: `g${id}`,
  status: 'complete',
  kind: 'refill',
  amount: 50000,
  currency: 'RUB',
  status_description: '',
  full_url: '',
  qrcode_url: '',
  qr_payload: '',
  paysystem: 'sandbox',
  packet_id: null,
  offer_id: null,
  created_at: AT,
  skip_parental_control: false,
  is_test: false,
  ...over,
});

const ledger: LedgerEntry[] = [
  { id: 1, kind: 'charge', amount: -29900, currency: 'RUB', balance_after: 70100, description: '', created_at: AT },
  { id: 2, kind: 'promo_credit', amount: 50000, currency: 'RUB', balance_after: 100000, description: 'GIFT500', created_at: AT - 60 },
];

function Where() {
  const l = useLocation();
  return <output data-testid="where" data-hash={l.hash} />;
}

function renderIt(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/settings/payment']}>
          {node}
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

function server(over: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /v2/users/self/balance': () => ({ body: { balance: 70100, currency: 'RUB' } }),
    'GET /v2/users/self/cards': () => ({ body: cards }),
    'GET /v2/users/self/transactions': () => ({ body: [tx(1), tx(2, { status: 'error', kind: 'subscription', status_description: 'Card declined', is_test: true })] }),
    'GET /v2/users/self/ledger': () => ({ body: ledger }),
    ...over,
  });
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentSection', () => {
  it('shows the balance and opens #refill', async () => {
    server();
    renderIt(<PaymentSection />);
    const block = screen.getByRole('region', { name: 'Balance' });
    expect(await within(block).findByText('RUB 701')).toBeTruthy();
    await userEvent.click(within(block).getByRole('button', { name: 'Top up' }));
    expect(screen.getByTestId('where').dataset.hash).toBe('#refill');
  });

  it('lists the cards, makes one primary and deletes one after a confirmation', async () => {
    const s = server({
      'PATCH /v2/users/self/cards/2': () => ({ body: { ...cards[1], is_primary: true } }),
      'DELETE /v2/users/self/cards/2': () => ({ status: 204 }),
    });
    renderIt(<PaymentSection />);
    const block = screen.getByRole('region', { name: 'Linked cards' });
    const primary = (await within(block).findByText('•••• 4242')).closest('li')!;
    expect(within(primary).getByText('Primary')).toBeTruthy();
    expect(within(primary).queryByRole('button', { name: /Make primary/ })).toBeNull();

    await userEvent.click(within(block).getByRole('button', { name: 'Make primary: Mir •••• 0005' }));
    await waitFor(() => expect(s.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ is_primary: true }));

    await userEvent.click(within(block).getByRole('button', { name: 'Delete the card Mir •••• 0005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the card?' });
    expect(s.routes()).not.toContain('DELETE /v2/users/self/cards/2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(s.routes()).toContain('DELETE /v2/users/self/cards/2'));

    await userEvent.click(within(block).getByRole('button', { name: 'Link a card' }));
    expect(screen.getByTestId('where').dataset.hash).toBe('#card');
  });

  it('says when no card is linked', async () => {
    server({ 'GET /v2/users/self/cards': () => ({ body: [] }) });
    renderIt(<PaymentSection />);
    expect(await screen.findByText('No cards are linked yet.')).toBeTruthy();
  });

  it('lists payments and balance entries with dates, amounts and statuses', async () => {
    server();
    renderIt(<PaymentSection />);
    const payments = screen.getByRole('region', { name: 'Payments' });
    const failed = (await within(payments).findByText('Subscription')).closest('li')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Card declined')).toBeTruthy();
    expect(within(failed).getByText('Test payment')).toBeTruthy();
    expect(within(failed).getByText(/Jan 10, 2026/)).toBeTruthy();
    expect(within(payments).getByText('Paid')).toBeTruthy();

    const history = screen.getByRole('region', { name: 'Balance history' });
    expect(await within(history).findByText('-RUB 299')).toBeTruthy();
    expect(within(history).getByText('+RUB 500')).toBeTruthy();
    expect(within(history).getByText('GIFT500')).toBeTruthy();
    expect(within(history).getByText('balance RUB 701')).toBeTruthy();
  });

  it('pages the payments 20 at a time', async () => {
    const page = Array.from({ length: 20 }, (_, i) => tx(i + 1));
    const s = server({ 'GET /v2/users/self/transactions': [() => ({ body: page }), () => ({ body: [tx(99, { kind: 'renewal' })] })] });
    renderIt(<PaymentSection />);
    const payments = screen.getByRole('region', { name: 'Payments' });
    await userEvent.click(await within(payments).findByRole('button', { name: 'Show more' }));
    expect(await within(payments).findByText('Subscription renewal')).toBeTruthy();
    expect(within(payments).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(s.fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/transactions'))).toEqual([
      '/v2/users/self/transactions?limit=20&offset=0',
      '/v2/users/self/transactions?limit=20&offset=20',
    ]);
  });
});

describe('BalanceLine', () => {
  it('shows the balance in the currency format', async () => {
    server();
    renderIt(<BalanceLine />);
    expect((await screen.findByText('RUB 701')).closest('small')!.textContent?.replace(/\s/g, ' ')).toBe('Balance: RUB 701');
  });
});
