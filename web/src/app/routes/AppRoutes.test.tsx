import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { createTestI18n } from '../../test/i18n';
import { bootStore } from '../boot/bootStore';
import { AppRoutes } from './AppRoutes';

const i18n = createTestI18n('en');

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

function boot(access: { authOnly: boolean; guestsAllowed: boolean }, isLogged = false) {
  bootStore.set({ status: 'ready', error: null, access: { ...access, geoLocked: false }, geoLocked: null });
  sessionStore.set({ ...emptySession, token: 't', isLogged });
}

// The start page's rowset (the home view); every other call fails.
const startpage = {
  id: 1,
  slug: 'startpage',
  template: 'startpage',
  title: 'Main',
  rows: [{ id: 5, slug: 'new', title: 'New films', template: 'content-v', content_type: 'contents', more_count: 0, limit: 21, offset: 0, loaded: true, contents: [] }],
  seo: { title: '', description: '', h1: 'Welcome to Efir', noindex: false },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('/v2/rowsets/startpage')
        ? new Response(JSON.stringify(startpage), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response('{}', { status: 503 }),
    ),
  );
  boot({ authOnly: false, guestsAllowed: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.className = '';
});

describe('route table', () => {
  it('shows the home view at / with a sign-in call for guests', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome to/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in for the full experience' })).toBeTruthy();
    expect(document.body.classList.contains('page_home')).toBe(true);
  });

  it('shows the filter page at /movies', async () => {
    renderAt('/movies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Movies' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Genre' })).toBeTruthy();
    expect(document.body.classList.contains('page_movies')).toBe(true);
  });

  it('shows the not-found page for a path that names no rowset', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'The page was not found.' })).toBeTruthy();
  });

  it('renders nothing at /open_mobile_app', () => {
    const { container } = renderAt('/open_mobile_app');
    expect(container.innerHTML).toBe('');
  });

  it('opens a modal page over the home view when loaded directly', async () => {
    renderAt('/persons/keanu-7');
    expect(await screen.findByRole('dialog', { name: 'Person' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome to/ })).toBeTruthy();
  });

  it('opens the modal named by the hash', async () => {
    renderAt('/movies#auth');
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('shows the commerce modals by their hash', async () => {
    renderAt('/#nofunds');
    expect(await screen.findByRole('dialog', { name: 'Not enough funds' }, { timeout: 5000 })).toBeTruthy();
  });

  it('forces a modal #auth that cannot be closed in auth-only mode', async () => {
    boot({ authOnly: true, guestsAllowed: false });
    renderAt('/movies');
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('sends watching to sign-in in auth-only mode (spec "Authorisation-only mode")', async () => {
    boot({ authOnly: true, guestsAllowed: false });
    renderAt('/watch/12');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    // The watch page's own frame may be closed; the sign-in over it may not.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('lets the auth modal close on login-free pages in auth-only mode', async () => {
    boot({ authOnly: true, guestsAllowed: false });
    renderAt('/faq#auth');
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('sends guests from /settings to the main page', async () => {
    renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome to/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
