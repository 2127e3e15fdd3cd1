import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fakeServer';
import { PERMISSIONS, renderConsole, sessionFixture } from '../test/harness';
import type { OperatorSettings } from './api';
import type { InstallSettings } from './installApi';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = sessionFixture({ permissions: [...PERMISSIONS.owner, 'settings.write'] });

const settings = {
  shortname: 'demo', name: 'Efir Demo', logo_url: '', accent_color: '', button_color: '', phone_mask: '+7 (###) ###-##-##',
  phone_otp_length: 6, languages: ['ru', 'en'], currency: 'RUB', currency_symbol: '₽',
  support: { phone: '', email: '', url: '' }, messengers: [], device_limit: 5, stream_limit: 3, stat_retention_days: 30,
  guest_allowed: true, allowed_countries: [], networks: [],
} as OperatorSettings;

const device = (name: InstallSettings['devices'][number]['device'], extra: Partial<InstallSettings['devices'][number]> = {}) => ({
  device: name,
  hidden: false,
  texts: [],
  defaults: [
    { lang: 'ru', markdown: `Шаги ${name}` },
    { lang: 'en', markdown: `Steps of ${name}` },
  ],
  ...extra,
});

const install: InstallSettings = {
  devices: [
    device('smarttv'),
    device('mobile'),
    device('dune', { texts: [{ device: 'dune', lang: 'en', markdown: '1. Our Dune steps', updated_at: 5 }] }),
    device('tvip'),
    device('eltex', { hidden: true }),
    device('mag'),
  ],
  pictures: [{ id: 7, url: '/v2/install/pictures/1-7.png', type: 'image/png', size: 100, width: 40, height: 30, created_at: 1 }],
};

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /v2/operator/me': () => ({ body: owner }),
    'GET /v2/operator/settings': () => ({ body: settings }),
    'GET /v2/operator/settings/pages': () => ({ body: [] }),
    'GET /v2/operator/settings/install': () => ({ body: install }),
    ...extra,
  });
}

const block = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 8000 }));

describe('install instructions in the console', () => {
  it('shows each device with its text or the built-in one, and saves a text', async () => {
    const server = serve({
      'POST /v2/operator/settings/install/mag/en': (call) => ({
        body: { device: 'mag', lang: 'en', markdown: (call.body as { markdown: string }).markdown, html: '', updated_at: 9 },
      }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    const dune = await block('Dune HD');
    expect((dune.getByRole('textbox') as HTMLTextAreaElement).value).toBe('1. Our Dune steps');
    expect(dune.getByText(/Your own text shows/)).toBeTruthy();
    const mag = await block('MAG');
    expect(mag.getByText(/The built-in text shows/)).toBeTruthy();
    expect((mag.getByRole('textbox') as HTMLTextAreaElement).placeholder).toBe('Steps of mag');
    expect((await block('Eltex')).getByRole('checkbox', { name: 'Show this device to viewers' })).toHaveProperty('checked', false);

    await user.click(mag.getByRole('button', { name: 'Start from the built-in text' }));
    await user.type(mag.getByRole('textbox'), '\n2. Press OK');
    await user.click(mag.getByRole('button', { name: 'Save the text' }));
    expect(await mag.findByText('Saved: viewers see the new steps within a minute.')).toBeTruthy();
    const post = server.calls.find((c) => c.method === 'POST' && c.path.endsWith('/mag/en'))!;
    expect(post.body).toEqual({ markdown: 'Steps of mag\n2. Press OK' });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(mag.getByText(/Your own text shows/)).toBeTruthy();
  });

  it('edits another language and hides a device', async () => {
    const server = serve({
      'POST /v2/operator/settings/install/dune/ru': () => ({ body: { device: 'dune', lang: 'ru', markdown: 'Шаги', html: '', updated_at: 9 } }),
      'PATCH /v2/operator/settings/install/tvip': () => ({ body: device('tvip', { hidden: true }) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    await user.selectOptions(await screen.findByLabelText('Language of the texts'), 'ru');
    const dune = await block('Dune HD');
    expect((dune.getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    await user.type(dune.getByRole('textbox'), 'Шаги');
    await user.click(dune.getByRole('button', { name: 'Save the text' }));
    expect(await dune.findByText('Saved: viewers see the new steps within a minute.')).toBeTruthy();

    const tvip = await block('TVIP');
    await user.click(tvip.getByRole('checkbox', { name: 'Show this device to viewers' }));
    expect(await tvip.findByText('The device is hidden from viewers.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ hidden: true });
    expect(tvip.getByRole('checkbox')).toHaveProperty('checked', false);
  });

  it('uploads a picture and gives its Markdown; removes one', async () => {
    const server = serve({
      'POST /v2/operator/settings/install/pictures': () => ({
        body: { id: 8, url: '/v2/install/pictures/1-8.png', type: 'image/png', size: 10, width: 2, height: 2, created_at: 2 },
      }),
      'DELETE /v2/operator/settings/install/pictures/7': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    const pictures = await block('Pictures');
    await user.click(pictures.getByRole('button', { name: 'Upload' }));
    expect(pictures.getByRole('alert').textContent).toBe('Choose a picture first.');
    await user.upload(pictures.getByLabelText('Picture file'), new File(['png'], 'step.png', { type: 'image/png' }));
    await user.click(pictures.getByRole('button', { name: 'Upload' }));
    expect(await pictures.findByDisplayValue('![Describe the picture](/v2/install/pictures/1-8.png)')).toBeTruthy();
    const upload = server.calls.find((c) => c.path === '/v2/operator/settings/install/pictures')!;
    expect(upload.body).toBeInstanceOf(File);

    await user.click(pictures.getAllByRole('button', { name: 'Remove' })[0]!);
    expect(await pictures.findByText('The picture is removed.')).toBeTruthy();
    expect(pictures.queryByDisplayValue('![Describe the picture](/v2/install/pictures/1-7.png)')).toBeNull();
  });
});
