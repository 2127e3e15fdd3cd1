import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { LegalText } from './LegalText';

const i18n = createTestI18n('en');
const network = { agreement_url: '/v2/texts/agreement?provider=alma', privacy_url: '/v2/texts/privacy?provider=alma' };

function renderPrivacy(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer({ 'GET /v2/users/self/network': () => ({ body: network }), ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <LegalText kind="privacy" />
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

describe('privacy policy', () => {
  it('shows the policy the operator wrote in the console, for the operator of the address', async () => {
    const server = renderPrivacy({
      'GET /v2/pages/privacy': () => ({ body: { kind: 'privacy', lang: 'en', html: '<h2>What we keep</h2><p>Your phone.</p>', updated_at: 1 } }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'What we keep' })).toBeTruthy();
    const url = new URL(String(server.fetchMock.mock.calls.find((c) => String(c[0]).includes('/pages/privacy'))![0]), 'http://test');
    expect(url.searchParams.get('provider')).toBe('alma');
  });

  it('falls back to the built-in text when the operator wrote none', async () => {
    const server = renderPrivacy({
      'GET /v2/pages/privacy': () => ({ status: 404, body: { error: { type: 'not_found', message: 'Not found' } } }),
    });
    // The fake answers every call with JSON: the plain text arrives as its JSON string.
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://test').pathname;
      if (path === '/v2/users/self/network') return new Response(JSON.stringify(network), { headers: { 'Content-Type': 'application/json' } });
      if (path === '/v2/pages/privacy')
        return new Response(JSON.stringify({ error: { type: 'not_found', message: 'x' } }), { status: 404, headers: { 'Content-Type': 'application/json' } });
      return new Response('Privacy\n\nWe keep little.', { headers: { 'Content-Type': 'text/plain' } });
    });
    expect(await screen.findByText('We keep little.')).toBeTruthy();
  });
});
