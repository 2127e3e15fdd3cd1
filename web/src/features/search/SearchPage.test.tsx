import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowKeys } from '@/features/rows';
import { configureApi, DEFAULT_CONFIGURATION, platformKeys } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { SearchPage } from './SearchPage';

const i18n = createTestI18n('en');

const menuPage = (id: number, slug: string, template: string) => ({
  id,
  slug,
  title: slug,
  template,
  url: '',
  icon: null,
  menu_sort: id,
  is_menu: true,
  for_kids: false,
  hide_for_child: false,
});

const matrix = { id: 12, slug: 'matrica-snov-12', title: 'Матрица снов', content_type: 'movie' };

function server() {
  return fakeServer({
    'GET /v2/search': () => ({ body: { contents: [matrix], persons: [], channels: [] } }),
    'GET /v2/search/suggest': () => ({ body: [] }),
    'GET /v2/rowsets': () => ({ body: menu }),
  });
}

let where = '';
function Where() {
  const l = useLocation();
  where = l.pathname + l.search;
  return null;
}

const menu = [menuPage(1, 'main', 'startpage'), menuPage(2, 'katalog', 'group.catalog')];

function renderAt(url: string, minChars = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(platformKeys.configuration(), { ...DEFAULT_CONFIGURATION, min_search_chars: minChars });
  client.setQueryData(rowKeys.rowsets('guest-token'), menu);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/search" element={<SearchPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** A phone screen: every media query of the phone breakpoint matches. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  clearCookiesAndStorage();
  sessionStore.set({ ...emptySession, token: 'guest-token' });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('search page', () => {
  it('searches a term of min_search_chars or more', async () => {
    const { routes } = server();
    renderAt('/search?q=mat', 3);
    expect(await screen.findByText('Матрица снов')).toBeTruthy();
    expect(routes()).toContain('GET /v2/search');
  });

  it('shows the prompt instead of searching a shorter term', async () => {
    const { routes } = server();
    renderAt('/search?q=ma', 3);
    expect(screen.getByText(i18n.t('search.prompt'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t('search.title'));
    await new Promise((r) => setTimeout(r, 50));
    expect(routes()).not.toContain('GET /v2/search');
  });

  it('closes on a phone to the catalogue page when there is no previous page', async () => {
    asPhone();
    server();
    renderAt('/search?q=mat');
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('search.close') }));
    await waitFor(() => expect(where).toBe('/katalog'));
  });
});
