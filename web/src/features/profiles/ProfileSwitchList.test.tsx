import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type Profile } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { ProfileSwitchList } from './ProfileSwitchList';

const i18n = createTestI18n('en');
const adult: Profile = { id: 1, name: 'Anna', icon: '', icon_avatar_id: 1, type: 'regular', role: 'adult' };
const child: Profile = { id: 2, name: 'Kids', icon: '', icon_avatar_id: 2, type: 'regular', role: 'child' };

function renderList(onDone = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ProfileSwitchList onDone={onDone} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onDone;
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true, profile: adult });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfileSwitchList', () => {
  it('lists the profiles under a label, the active one marked, and switches on a click', async () => {
    const server = fakeServer({
      'GET /v2/users/self/profiles': () => ({ body: [adult, child] }),
      'POST /v2/users/self/profile': () => ({ body: child }),
    });
    const user = userEvent.setup();
    const onDone = renderList();
    const list = await screen.findByRole('list', { name: 'Profiles' });
    expect(list).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anna' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Kids' }).getAttribute('aria-current')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Kids' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ profile_id: 2 });
    expect(sessionStore.get().profile?.id).toBe(2);
  });

  it('does not call the server for the active profile', async () => {
    const server = fakeServer({ 'GET /v2/users/self/profiles': () => ({ body: [adult, child] }) });
    const user = userEvent.setup();
    const onDone = renderList();
    await user.click(await screen.findByRole('button', { name: 'Anna' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(server.routes()).not.toContain('POST /v2/users/self/profile');
  });

  it('shows a server error in place', async () => {
    fakeServer({
      'GET /v2/users/self/profiles': () => ({ body: [adult, child] }),
      'POST /v2/users/self/profile': () => ({ status: 500, body: { error: { type: 'internal', message: 'boom' } } }),
    });
    const user = userEvent.setup();
    const onDone = renderList();
    await user.click(await screen.findByRole('button', { name: 'Kids' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Kids' })).toHaveProperty('disabled', false);
  });
});
