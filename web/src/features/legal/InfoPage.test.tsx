import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { InfoPage, type InfoKind } from './InfoPage';

const i18n = createTestI18n('en');

function renderPage(kind: InfoKind, routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <InfoPage kind={kind} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return server;
}

beforeEach(() => configureApi({ getToken: () => null, getLanguage: () => 'en' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('information pages', () => {
  it('shows the operator terms under the page title', async () => {
    const server = renderPage('terms', {
      'GET /v2/pages/terms': () => ({ body: { kind: 'terms', lang: 'en', html: '<h2>Your account</h2><p>Sign in with <a href="/packets">a code</a>.</p>', updated_at: 1 } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'a code' }).getAttribute('href')).toBe('/packets');
    expect(server.calls[0]!.headers['Accept-Language']).toBe('en');
  });

  it('ends the FAQ with the support messengers, leaving out unsafe links', async () => {
    renderPage('faq', {
      'GET /v2/pages/faq': () => ({ body: { kind: 'faq', lang: 'en', html: '<p>Q</p>', updated_at: 1 } }),
      'GET /v2/platform/brand': () => ({
        body: { accent_color: '', button_color: '', messengers: [{ name: 'Telegram', url: 'https://t.me/efir' }, { name: 'Bad', url: 'javascript:alert(1)' }] },
      }),
    });
    expect((await screen.findByRole('link', { name: 'Telegram' })).getAttribute('href')).toBe('https://t.me/efir');
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
  });

  it('says what the page is for when the operator wrote none', async () => {
    renderPage('faq', {
      'GET /v2/pages/faq': () => ({ status: 404, body: { error: { type: 'not_found', message: 'Not found' } } }),
    });
    expect(await screen.findByText('Answers to frequent questions about the service.')).toBeTruthy();
    expect(screen.getByRole('link', { name: i18n.t('app.toHome') })).toBeTruthy();
  });

  it('offers a retry when the page cannot be loaded (after two quiet retries)', { timeout: 15_000 }, async () => {
    renderPage('faq', { 'GET /v2/pages/faq': () => ({ status: 500, body: { error: { type: 'internal', message: 'x' } } }) });
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toContain('The text could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
