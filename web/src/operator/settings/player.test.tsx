import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fakeServer';
import { PERMISSIONS, renderConsole, sessionFixture } from '../test/harness';
import type { OperatorSettings } from './api';
import type { PlayerSettings } from './playerApi';

vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

const owner = sessionFixture({ permissions: [...PERMISSIONS.owner, 'settings.write'] });
const settings = {
  shortname: 'demo',
  name: 'Efir Demo',
  logo_url: '',
  accent_color: '',
  button_color: '',
  phone_mask: '+7 (###) ###-##-##',
  phone_otp_length: 6,
  languages: ['ru', 'en'],
  currency: 'RUB',
  currency_symbol: '₽',
  support: { phone: '', email: '', url: '' },
  messengers: [],
  device_limit: 5,
  stream_limit: 3,
  stat_retention_days: 30,
  guest_allowed: true,
  allowed_countries: [],
  networks: [],
} as unknown as OperatorSettings;
const saved: PlayerSettings = { blackout_safe_area: 60, blackout_picture_url: '', blackout_screenshot_url: '', ab_tests: [] };

describe('player settings', () => {
  it('saves the blackout margin and picture and an experiment, and shows the server refusing a bad one', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/settings': () => ({ body: settings }),
      'GET /v2/operator/settings/pages': () => ({ body: [] }),
      'GET /v2/operator/settings/player': () => ({ body: saved }),
      'PATCH /v2/operator/settings/player': [
        () => ({ status: 400, body: { error: { type: 'validation_error', message: 'Invalid', detail: { 'ab_tests.0': 'Bad experiment' } } } }),
        (call) => ({ body: { ...saved, ...(call.body as object) } }),
      ],
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    const panel = await screen.findByRole('region', { name: 'Player' }, { timeout: 10_000 });
    const margin = within(panel).getByLabelText('Blackout margin, seconds');
    await user.clear(margin);
    await user.type(margin, '15');
    await user.type(within(panel).getByLabelText('Blackout picture'), 'https://cdn.example.net/b.jpg');
    await user.click(within(panel).getByRole('button', { name: 'Add an experiment' }));
    const test = within(panel).getByRole('group', { name: 'Experiment 1' });
    await user.type(within(test).getByLabelText('Name'), 'New Menu');
    await user.type(within(test).getByLabelText('Variant'), 'b');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Bad experiment')).toBeTruthy();
    await user.clear(within(test).getByLabelText('Name'));
    await user.type(within(test).getByLabelText('Name'), 'new-menu');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({
      blackout_safe_area: 15,
      blackout_picture_url: 'https://cdn.example.net/b.jpg',
      blackout_screenshot_url: '',
      ab_tests: [{ id: 1, name: 'new-menu', variant: 'b' }],
    });
    expect(await screen.findByText('The player settings are saved.')).toBeTruthy();
  });
});
