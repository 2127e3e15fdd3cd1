import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { clearCookiesAndStorage, fakeServer } from '../../../test/fakeServer';
import { renderWithModals, where } from '../../payments/testHarness';
import type { Channel } from '../types';
import { PacketsPanel } from './AccessPanels';

vi.setConfig({ testTimeout: 20_000 });

const channel = { id: 7, name: 'Kino HD', slug: 'kino-hd' } as Channel;
const packets = [
  { id: 5, name: 'Basic', short: 'basic', description: '', price: 29900, currency: 'RUB', period_days: 30, is_base: true, is_free: false, channels_count: 120 },
  { id: 6, name: 'Kino', short: 'kino', description: '', price: 19900, currency: 'RUB', period_days: 30, is_base: false, is_free: false, channels_count: 12 },
];

beforeEach(() => {
  clearCookiesAndStorage();
  window.sessionStorage.clear();
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  fakeServer({ 'GET /v2/channels/7/packets': () => ({ body: packets }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the not-purchased panel', () => {
  it('lists the packets with their price and a buy button, and the cheapest price for a signed-in viewer', async () => {
    sessionStore.set({ ...emptySession, token: 'tok', isLogged: true });
    renderWithModals(<PacketsPanel channel={channel} />);
    const item = (await screen.findByText('Basic')).closest('li')!;
    expect(item.textContent?.replace(/\u00a0/g, ' ')).toContain('RUB 299 for 1 month');
    expect(within(item).getByRole('button', { name: 'Buy' })).toBeTruthy();
    expect(screen.getByText(/^Watch from RUB.199$/)).toBeTruthy();
  });

  it('hides the price banner from a guest, whose buy button goes through sign-in', async () => {
    sessionStore.set({ ...emptySession, token: 'guest', isLogged: false });
    const u = userEvent.setup();
    renderWithModals(<PacketsPanel channel={channel} />, { path: '/channels/32/kino-hd' });
    const item = (await screen.findByText('Kino')).closest('li')!;
    expect(screen.queryByText(/^Watch from/)).toBeNull();
    await u.click(within(item).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(where().hash).toBe('#auth'));
    expect(window.sessionStorage.getItem('chosenPacket')).toContain('"packetId":6');
  });
});
