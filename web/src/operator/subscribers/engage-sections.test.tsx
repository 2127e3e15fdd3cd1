import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { cardRoutes } from '../test/cardFixtures';
import { queryOf, renderConsole, sessionFixture } from '../test/harness';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = { 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }) };

describe('subscriber card: promo keys used and messages sent', () => {
  it('shows the keys the subscriber redeemed and the messages sent to them', async () => {
    fakeServer({
      ...me,
      ...cardRoutes(),
      'GET /v2/operator/subscribers/42/promo_uses': () => ({
        body: [
          { key: 'ABCD2345EFGH', campaign_id: 3, campaign_name: 'Spring', kind: 'days', days: 30, amount: 0, currency: 'RUB', created_at: 1_767_225_600 },
          { key: 'GIFT500', campaign_id: 4, campaign_name: 'Gift', kind: 'balance', days: 0, amount: 50000, currency: 'RUB', created_at: 1_767_139_200 },
        ],
      }),
      'GET /v2/operator/subscribers/42/messages': () => ({
        body: [
          { id: 7, title: 'Football tonight', text: 'The final at 21:00.', link: '', broadcast_id: 8, removed: false, created_at: 1_767_225_600 },
          { id: 6, title: 'Welcome', text: 'Hello.', link: '', broadcast_id: 0, removed: true, created_at: 1_767_139_200 },
        ],
      }),
    });
    renderConsole('/operator/subscribers/42');
    const promo = await screen.findByRole('table', { name: 'Promo keys the subscriber redeemed, newest first' }, { timeout: 5000 });
    expect(within(promo).getByRole('row', { name: /ABCD2345EFGH/ }).textContent).toContain('30 days of packets');
    expect(within(promo).getByRole('row', { name: /GIFT500/ }).textContent).toMatch(/500 on the balance/);
    const messages = await screen.findByRole('table', { name: 'Messages sent to the subscriber, newest first' }, { timeout: 5000 });
    expect(within(messages).getByRole('row', { name: /Football tonight/ }).textContent).toContain("In the viewer's list");
    expect(within(messages).getByRole('row', { name: /Welcome/ }).textContent).toContain('Removed by the viewer');
  });

  it('says when there is nothing, and pages a long list', async () => {
    const page = Array.from({ length: 20 }, (_, i) => ({ id: 100 - i, title: `Note ${i}`, text: 'x', link: '', broadcast_id: 1, removed: false, created_at: 1_767_225_600 - i }));
    const server = fakeServer({
      ...me,
      ...cardRoutes(),
      'GET /v2/operator/subscribers/42/promo_uses': () => ({ body: [] }),
      'GET /v2/operator/subscribers/42/messages': [() => ({ body: page }), () => ({ body: [page[0]] })],
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    expect(await screen.findByText('The subscriber has not redeemed any promo key.', {}, { timeout: 5000 })).toBeTruthy();
    await screen.findByRole('table', { name: 'Messages sent to the subscriber, newest first' }, { timeout: 5000 });
    const pager = screen.getByRole('navigation', { name: 'Pages of messages' });
    await user.click(within(pager).getByRole('button', { name: /Next|Older|→/ }));
    await screen.findByText('Note 0', {}, { timeout: 5000 });
    expect(queryOf(server.fetchMock, '/v2/operator/subscribers/42/messages', 1).get('offset')).toBe('20');
  });
});
