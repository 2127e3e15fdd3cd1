import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { cardRoutes, ledgerEntry, subscriberCard, transaction } from '../test/cardFixtures';
import { renderConsole, sessionFixture } from '../test/harness';
import { readAmount } from '../ui/amount';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (el: Element) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const support = { 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }) };
const insufficient = (amount: number, message: string) => ({
  status: 409,
  body: { error: { type: 'insufficient_funds', message, detail: { amount: String(amount), currency: 'RUB' } } },
});

describe('reading an amount', () => {
  it.each([
    ['500', 50000],
    ['500.5', 50050],
    ['1 500,50', 150050],
    ['0.01', 1],
  ])('%j is %i minor units', (input, minor) => {
    expect(readAmount(input)).toEqual({ ok: true, minor });
  });

  it.each(['', '0', '-5', 'abc', '1.234', '1,2,3'])('%j is not an amount', (input) => {
    expect(readAmount(input)).toEqual({ ok: false, reason: 'format' });
  });

  it('says when an amount is over the limit', () => {
    expect(readAmount('100000.01')).toEqual({ ok: false, reason: 'max' });
    expect(readAmount('8', 750)).toEqual({ ok: false, reason: 'max' });
  });
});

describe('subscriber card: the balance', () => {
  it('shows the ledger newest first with signed amounts, and pages it by 50', async () => {
    const page = Array.from({ length: 50 }, (_, i) => ledgerEntry({ id: 1000 - i, amount: i % 2 ? -100 : 2500, description: `entry ${i}` }));
    const server = fakeServer({
      ...support,
      ...cardRoutes(),
      'GET /v2/operator/subscribers/42/ledger': [() => ({ body: page }), () => ({ body: [ledgerEntry({ id: 1, kind: 'adjustment', amount: -5000, balance_after: 0, description: 'Wrong top-up' })] })],
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    const table = await screen.findByRole('table', { name: 'Balance ledger, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(text(rows[0]!)).toContain('+RUB 25');
    expect(text(rows[1]!)).toContain('-RUB 1');
    expect(text(rows[0]!)).toContain('RUB 1,234.50');
    const url = new URL(String(server.fetchMock.mock.calls.find((c) => String(c[0]).includes('/ledger'))![0]), 'http://x');
    expect([url.searchParams.get('limit'), url.searchParams.get('offset')]).toEqual(['50', '0']);

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of the ledger' })).getByRole('button', { name: 'Older →' }));
    expect(await within(table).findByText('Wrong top-up')).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Adjustment' })).toBeTruthy();
    const second = server.fetchMock.mock.calls.filter((c) => String(c[0]).includes('/ledger'))[1]!;
    expect(new URL(String(second[0]), 'http://x').searchParams.get('offset')).toBe('50');
  });

  it('debits with a negative amount, one key for the form, and says how much can be taken', async () => {
    const entry = ledgerEntry({ id: 900, kind: 'adjustment', amount: -150050, balance_after: 0, description: 'Duplicate top-up' });
    const server = fakeServer({
      ...support,
      ...cardRoutes(subscriberCard({ account: { balance: 150050, currency: 'RUB' } })),
      'POST /v2/operator/subscribers/42/ledger': [
        () => insufficient(123450, 'Not enough money on the balance.'),
        () => ({ status: 201, body: entry }),
        () => ({ status: 201, body: ledgerEntry({ id: 901, kind: 'adjustment', amount: 1000 }) }),
      ],
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    const open = await screen.findByRole('button', { name: 'Adjust balance' });
    await user.click(open);
    const form = screen.getByRole('form', { name: 'Adjust the balance' });
    expect(within(form).getByRole('radio', { name: 'Credit: add to the balance' })).toBe(document.activeElement);

    // The form's own checks first.
    await user.click(within(form).getByRole('button', { name: 'Credit' }));
    expect(within(form).getByText('Enter an amount above zero with at most two decimals')).toBeTruthy();
    expect(within(form).getByText('Fill in this field')).toBeTruthy();
    expect(server.routes()).not.toContain('POST /v2/operator/subscribers/42/ledger');

    await user.click(within(form).getByRole('radio', { name: 'Debit: take from the balance' }));
    await user.type(within(form).getByLabelText('Amount, RUB'), '1 500,50');
    expect(text(within(form).getByText(/^Balance after/))).toBe('Balance after: RUB 0');
    await user.type(within(form).getByLabelText('Reason'), '  Duplicate top-up ');
    await user.click(within(form).getByRole('button', { name: 'Debit' }));

    const alert = await within(form).findByRole('alert');
    expect(text(alert)).toBe('Not enough money on the balance. At most RUB 1,234.50 can be debited now.');
    const posts = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/v2/operator/subscribers/42/ledger');
    const first = posts()[0]!.body as { amount: number; reason: string; idempotency_key: string };
    expect(first).toMatchObject({ amount: -150050, reason: 'Duplicate top-up' });
    expect(first.idempotency_key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(posts()[0]!.headers['X-CSRF-Token']).toBe('csrf-1');

    // Trying the same form again sends the same key: the money moves once.
    await user.click(within(form).getByRole('button', { name: 'Debit' }));
    expect(await screen.findByText('RUB 1,500.50 debited from the balance.')).toBeTruthy();
    expect((posts()[1]!.body as { idempotency_key: string }).idempotency_key).toBe(first.idempotency_key);
    expect(screen.queryByRole('form', { name: 'Adjust the balance' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
    await waitFor(() => expect(server.routes().filter((r) => r === 'GET /v2/operator/subscribers/42')).toHaveLength(2));

    // A new form is a new key.
    await user.click(open);
    const again = screen.getByRole('form', { name: 'Adjust the balance' });
    await user.type(within(again).getByLabelText('Amount, RUB'), '10');
    await user.type(within(again).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(again).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText('RUB 10 credited to the balance.')).toBeTruthy();
    const third = posts()[2]!.body as { amount: number; idempotency_key: string };
    expect(third.amount).toBe(1000);
    expect(third.idempotency_key).not.toBe(first.idempotency_key);
  });
});

describe('subscriber card: payments', () => {
  const list = [
    transaction(),
    transaction({ id: 78, kind: 'subscription', amount: 29900, refunded: 29900, packet_name: 'Basic' }),
    transaction({ id: 79, kind: 'subscription', status: 'error', amount: 29900, refunded: 0, status_description: 'card_declined', packet_name: 'Kino' }),
  ];

  it('lists the payments and refunds one with what is left by default', async () => {
    const refunded = transaction({ refunded: 1000 });
    let rows = list;
    const server = fakeServer({
      ...support,
      ...cardRoutes(subscriberCard(), { transactions: list }),
      'GET /v2/operator/subscribers/42/transactions': () => ({ body: rows }),
      'POST /v2/operator/subscribers/42/transactions/77/refund': () => {
        rows = [refunded, ...rows.slice(1)];
        return { body: refunded };
      },
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    const table = await screen.findByRole('table', { name: 'Payments of the subscriber, newest first' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(text(row(/#77/))).toContain('Top-up');
    expect(text(row(/#77/))).toContain('Complete');
    expect(text(row(/#77/))).toContain('RUB 10');
    expect(text(row(/#77/))).toContain('RUB 2.50');
    expect(text(row(/#77/))).toContain('Bank card');
    expect(text(row(/#79/))).toContain('The bank declined the card');
    expect(text(row(/#79/))).toContain('Failed');
    // Only a complete payment with something left is refunded.
    expect(within(row(/#78/)).queryByRole('button')).toBeNull();
    expect(within(row(/#79/)).queryByRole('button')).toBeNull();

    await user.click(within(row(/#77/)).getByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund of payment #77' });
    const amount = within(form).getByLabelText('Amount, RUB') as HTMLInputElement;
    expect(amount.value).toBe('7.50');
    expect(amount).toBe(document.activeElement);
    expect(text(within(form).getByText(/^Left to refund/))).toBe('Left to refund: RUB 7.50');

    await user.clear(amount);
    await user.type(amount, '8');
    await user.click(within(form).getByRole('button', { name: 'Refund the payment' }));
    expect(within(form).getByText('At most RUB 7.50 can be refunded now.')).toBeTruthy();
    expect(within(form).getByText('Fill in this field')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '7.5');
    await user.type(within(form).getByLabelText('Reason'), 'Asked by phone');
    await user.click(within(form).getByRole('button', { name: 'Refund the payment' }));
    expect(await screen.findByText('RUB 7.50 of payment #77 refunded.')).toBeTruthy();
    const call = server.calls.find((c) => c.method === 'POST')!;
    expect(call.path).toBe('/v2/operator/subscribers/42/transactions/77/refund');
    expect(call.body).toMatchObject({ amount: 750, reason: 'Asked by phone' });
    expect((call.body as { idempotency_key: string }).idempotency_key).toBeTruthy();
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    // The row as the server has it now: refunded in full, nothing left to refund.
    expect(screen.queryByRole('form', { name: 'Refund of payment #77' })).toBeNull();
    expect(screen.getByTestId('refunded-77').textContent?.replace(/\u00a0/g, ' ')).toBe('RUB 10');
    expect(within(row(/#77/)).queryByRole('button', { name: 'Refund' })).toBeNull();
    await waitFor(() => expect(server.routes().filter((r) => r === 'GET /v2/operator/subscribers/42')).toHaveLength(2));
  });

  it("shows the server's refusals: the most that can be refunded, a refused refund, no answer", async () => {
    const server = fakeServer({
      ...support,
      ...cardRoutes(subscriberCard(), { transactions: list }),
      'POST /v2/operator/subscribers/42/transactions/77/refund': [
        () => insufficient(300, 'Part of this top-up has been spent: only what is still on the balance can be refunded.'),
        () => ({ status: 409, body: { error: { type: 'refund_rejected', message: 'The payment service refused the refund.' } } }),
        () => ({ status: 503, body: { error: { type: 'unavailable', message: 'The payment service did not answer. Repeat the refund with the same request to learn how it ended.' } } }),
      ],
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    const table = await screen.findByRole('table', { name: 'Payments of the subscriber, newest first' });
    await user.click(within(within(table).getByRole('row', { name: /#77/ })).getByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund of payment #77' });
    await user.type(within(form).getByLabelText('Reason'), 'Asked by phone');
    const submit = within(form).getByRole('button', { name: 'Refund the payment' });

    await user.click(submit);
    expect(text(await within(form).findByRole('alert'))).toBe(
      'Part of this top-up has been spent: only what is still on the balance can be refunded. At most RUB 3 can be refunded now.',
    );
    await user.click(submit);
    await waitFor(() => expect(text(within(form).getByRole('alert'))).toBe('The payment service refused the refund.'));
    await user.click(submit);
    await waitFor(() =>
      expect(text(within(form).getByRole('alert'))).toBe('The payment service did not answer. Repeat the refund with the same request to learn how it ended.'),
    );
    const keys = server.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    // Spent money refunded nothing, so the key stays; a refused refund is over, so the next try is a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(screen.getByRole('form', { name: 'Refund of payment #77' })).toBeTruthy();
  });
});
