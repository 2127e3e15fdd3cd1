import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { formatMessageDate } from './api';
import MessagesModal from './MessagesModal';

const i18n = createTestI18n('en');
const two = [
  { id: 2, title: 'New channels', text: 'Ten new channels.', created_at: '2026-01-10T12:00:00Z', removed: false },
  { id: 1, title: 'Welcome', text: 'Hello!', created_at: '2026-01-05T09:30:00Z', removed: false },
];

function renderModal() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/#message']}>
          <div id="root" />
          <MessagesModal onClose={vi.fn()} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessagesModal', () => {
  it('lists the messages with their dates and deletes one', async () => {
    const server = fakeServer({
      'GET /v2/users/self/messages': () => ({ body: two }),
      'DELETE /v2/users/self/messages/2': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByRole('heading', { name: 'New channels' })).toBeTruthy();
    expect(within(dialog).getByText(formatMessageDate(two[1]!.created_at, 'en'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete the message “New channels”' }));
    await waitFor(() => expect(within(dialog).queryByRole('heading', { name: 'New channels' })).toBeNull());
    expect(server.routes()).toContain('DELETE /v2/users/self/messages/2');
    // Focus moves to the message that is left.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete the message “Welcome”' }));
  });

  it('asks before deleting all, then shows the empty state', async () => {
    const server = fakeServer({
      'GET /v2/users/self/messages': () => ({ body: two }),
      'DELETE /v2/users/self/messages': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Delete all' }));
    expect(server.routes()).not.toContain('DELETE /v2/users/self/messages');
    const yes = screen.getByRole('button', { name: 'Yes, delete all' });
    expect(document.activeElement).toBe(yes);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete all' }));
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete all' }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(server.routes()).toContain('DELETE /v2/users/self/messages');
  });

  it('shows the empty state without messages', async () => {
    fakeServer({ 'GET /v2/users/self/messages': () => ({ body: [] }) });
    renderModal();
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete all' })).toBeNull();
  });
});

describe('formatMessageDate', () => {
  it('formats in the interface language', () => {
    const iso = '2026-03-05T10:00:00Z';
    expect(formatMessageDate(iso, 'ru')).toContain('2026');
    expect(formatMessageDate(iso, 'ru')).not.toBe(formatMessageDate(iso, 'en'));
    expect(formatMessageDate('nonsense', 'en')).toBe('');
  });
});
