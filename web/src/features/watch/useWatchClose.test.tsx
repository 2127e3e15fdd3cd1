import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentKeys, type Content } from '@/features/content';
import { configureApi } from '@/shared/api';
import { ModalPageCloseContext, type NavigationState } from '@/shared/lib/modalNavigation';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { useWatchClose } from './useWatchClose';

const film = { id: 7, slug: 'matrica-7', title: 'Matrix of Dreams', content_type: 'movie', parent_id: null } as Content;
const series = { id: 5, slug: 'severnyy-veter-5', title: 'North Wind', content_type: 'series', parent_id: null } as Content;
const episode = { id: 23, slug: 'seriya-23', title: 'Episode 3', content_type: 'episode', parent_id: 5 } as Content;

/** What a modal page does: a close button that runs the screen's close when it took it over. */
function Player({ content }: { content: Content }) {
  const slot = useRef<(() => void) | null>(null);
  return (
    <ModalPageCloseContext.Provider value={slot}>
      <Closer content={content} />
      <button type="button" onClick={() => slot.current?.()}>
        Close
      </button>
    </ModalPageCloseContext.Provider>
  );
}

function Closer({ content }: { content: Content }) {
  useWatchClose(content);
  return null;
}

function Where() {
  const l = useLocation();
  const state = l.state as NavigationState | null;
  return <output data-testid="where">{`${l.pathname} bg=${state?.backgroundLocation?.pathname ?? '-'}`}</output>;
}

function renderAt(entries: InitialEntry[], content: Content) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The episode's series, as the player has read it already.
  client.setQueryData(contentKeys.one(5, 'user-token'), series);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/watch/:id" element={<Player content={content} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const home = { pathname: '/', search: '', hash: '', state: null, key: 'home' };

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  fakeServer({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('closing the player', () => {
  it('goes back to the content page it was opened from', async () => {
    renderAt(['/', '/contents/matrica-7', { pathname: '/watch/matrica-7', state: { backgroundLocation: home, from: '/contents/matrica-7' } }], film);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('where').textContent).toBe('/contents/matrica-7 bg=-');
  });

  it("opens the film's page over the same page underneath when it came from a row", async () => {
    renderAt(['/', { pathname: '/watch/matrica-7', state: { backgroundLocation: home, from: '/' } }], film);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('where').textContent).toBe('/contents/matrica-7 bg=/');
  });

  it("opens the series' page when an episode was opened directly", async () => {
    renderAt(['/watch/seriya-23'], episode);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('where').textContent).toBe('/contents/severnyy-veter-5/seriya-23 bg=-');
  });
});
