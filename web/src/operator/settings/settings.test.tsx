import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fakeServer';
import { PERMISSIONS, renderConsole, sessionFixture } from '../test/harness';
import type { OperatorPage, OperatorSettings } from './api';
import { errorFor, patchOf, formValues } from './form';
import { ApiError } from '@/shared/api/errors';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = sessionFixture({ permissions: [...PERMISSIONS.owner, 'settings.write'] });

const settings: OperatorSettings = {
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
  support: { phone: '+7 800 000-00-00', email: 'support@efir.example', url: 'https://efir.example/help' },
  messengers: [],
  device_limit: 5,
  stream_limit: 3,
  stat_retention_days: 30,
  guest_allowed: true,
  allowed_countries: [],
  networks: ['10.0.0.0/8', '127.0.0.0/8'],
};

const pages: OperatorPage[] = [{ kind: 'terms', lang: 'ru', markdown: '# Условия', html: '<h2>Условия</h2>', updated_at: 1 }];

describe('settings', () => {
  it('saves the changed settings and the changed page in one go', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/settings': () => ({ body: settings }),
      'GET /v2/operator/settings/pages': () => ({ body: pages }),
      'PATCH /v2/operator/settings': (call) => ({ body: { ...settings, ...(call.body as object), accent_color: '#ffaa00' } }),
      'POST /v2/operator/settings/pages/terms/ru': (call) => ({
        body: { kind: 'terms', lang: 'ru', markdown: (call.body as { markdown: string }).markdown, html: '', updated_at: 2 },
      }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Efir Demo');
    expect((screen.getByLabelText('Subscriber networks') as HTMLTextAreaElement).value).toBe('10.0.0.0/8\n127.0.0.0/8');
    // The pages open in the operator's first language.
    expect((screen.getByLabelText('Terms of use (Markdown)') as HTMLTextAreaElement).value).toBe('# Условия');

    await user.clear(name);
    await user.type(name, 'Эфир Плюс');
    await user.type(screen.getByLabelText('Accent colour'), '#FFAA00');
    await user.clear(screen.getByLabelText('Device limit'));
    await user.type(screen.getByLabelText('Device limit'), '3');
    await user.clear(screen.getByLabelText('Raw watch reports kept (days)'));
    await user.type(screen.getByLabelText('Raw watch reports kept (days)'), '90');
    await user.click(screen.getByRole('checkbox', { name: 'Guests may watch without signing in' }));
    await user.type(screen.getByLabelText('Terms of use (Markdown)'), '\n\nНовый абзац');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved. Viewers see them within a minute.')).toBeTruthy();
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(patch.body).toMatchObject({
      name: 'Эфир Плюс',
      accent_color: '#FFAA00',
      device_limit: 3,
      stream_limit: 3,
      stat_retention_days: 90,
      guest_allowed: false,
      networks: ['10.0.0.0/8', '127.0.0.0/8'],
      languages: ['ru', 'en'],
    });
    const page = server.calls.find((c) => c.path === '/v2/operator/settings/pages/terms/ru')!;
    expect(page.body).toEqual({ markdown: '# Условия\n\nНовый абзац' });
    // Pages that did not change are not sent.
    expect(server.calls.filter((c) => c.path.startsWith('/v2/operator/settings/pages/'))).toHaveLength(1);
    // The form shows what the server saved.
    expect((screen.getByLabelText('Accent colour') as HTMLInputElement).value).toBe('#ffaa00');
  });

  it('shows each refusal at its field', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/settings': () => ({ body: settings }),
      'GET /v2/operator/settings/pages': () => ({ body: [] }),
      'PATCH /v2/operator/settings': () => ({
        status: 400,
        body: {
          error: {
            type: 'validation_error',
            message: 'Some settings are not valid.',
            detail: { accent_color: 'Give a colour as #rrggbb.', networks: 'Not a network.', 'networks.1': 'Not a network.' },
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    await user.type(await screen.findByLabelText('Accent colour'), 'red');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields need fixing: see the messages under them.')).toBeTruthy();
    const accent = screen.getByLabelText('Accent colour');
    expect(accent.getAttribute('aria-invalid')).toBe('true');
    expect(accent.getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText('Give a colour as #rrggbb.')).toBeTruthy();
    expect(screen.getByLabelText('Subscriber networks').getAttribute('aria-invalid')).toBe('true');
  });

  it('previews a page as viewers would get it, and keeps drafts per language', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/settings': () => ({ body: settings }),
      'GET /v2/operator/settings/pages': () => ({ body: pages }),
      'POST /v2/operator/settings/pages/preview': () => ({ body: { html: '<h2>FAQ</h2><p>Answer</p>' } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/settings');
    const faq = await screen.findByLabelText('FAQ (Markdown)');
    await user.type(faq, '# FAQ');
    const section = screen.getByRole('region', { name: 'Pages' });
    const previews = within(section).getAllByRole('button', { name: 'Preview' });
    await user.click(previews[2]!);
    const preview = await screen.findByRole('article', { name: 'Preview of FAQ (Markdown)' });
    expect(within(preview).getByRole('heading', { name: 'FAQ' })).toBeTruthy();
    expect(server.calls.find((c) => c.path.endsWith('/preview'))!.body).toEqual({ markdown: '# FAQ' });

    await user.selectOptions(screen.getByLabelText('Language of the pages'), 'en');
    expect((screen.getByLabelText('FAQ (Markdown)') as HTMLTextAreaElement).value).toBe('');
    await user.selectOptions(screen.getByLabelText('Language of the pages'), 'ru');
    await waitFor(() => expect((screen.getByLabelText('FAQ (Markdown)') as HTMLTextAreaElement).value).toBe('# FAQ'));
  });

  it('is not in the menu of a role without settings.write', async () => {
    fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }) });
    renderConsole('/operator/settings');
    expect(await screen.findByRole('heading', { name: /access/i })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });
});

describe('settings form values', () => {
  it('reads lists and numbers as typed', () => {
    const v = { ...formValues(settings), allowed_countries: 'ru, kz;BY', networks: '10.0.0.0/8\n\n 192.0.2.1 ', device_limit: 'x' };
    const p = patchOf(v);
    expect(p.allowed_countries).toEqual(['ru', 'kz', 'BY']);
    expect(p.networks).toEqual(['10.0.0.0/8', '192.0.2.1']);
    expect(p.device_limit).toBe(0);
  });

  it('finds the message of a field or of its first item', () => {
    const e = new ApiError(400, 'validation_error', 'bad', { 'networks.2': 'two', 'networks.1': 'one' });
    expect(errorFor(e, 'networks')).toBe('one');
    expect(errorFor(e, 'name')).toBeNull();
  });
});
