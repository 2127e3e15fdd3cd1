import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { useContentMeta } from './queries';
import { RatingControl } from './RatingControl';
import type { Content, ContentMeta } from './types';
import { RATING_SAVE_DELAY_MS, ratingValue } from './useRating';

const i18n = createTestI18n('en');

const film = { id: 7, content_type: 'movie', title: 'Film' } as Content;

const meta = (rating: number | null): ContentMeta =>
  ({ favorite: false, buttons: [], user_rating: rating == null ? null : { id: '31', rating: `${rating}.00` } }) as unknown as ContentMeta;

function Where() {
  const l = useLocation();
  return <output data-testid="hash">{l.hash}</output>;
}

/** The control fed by the real meta query, as the content page does. */
function Page({ content }: { content: Content }) {
  const m = useContentMeta(content.id);
  return m.data ? <RatingControl content={content} rating={m.data.user_rating} /> : null;
}

function renderPage(content: Content = film) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/contents/film-7']}>
          <Page content={content} />
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const radio = (n: number) => screen.getByRole('radio', { name: `Rate ${n} of 10` });
const checked = () => screen.queryAllByRole('radio', { checked: true }).map((r) => r.textContent);

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ratingValue', () => {
  it('reads the decimal string and refuses what is not a mark', () => {
    expect(ratingValue({ id: '1', rating: '7' })).toBe(7);
    expect(ratingValue({ id: '1', rating: '10' })).toBe(10);
    expect(ratingValue({ id: '1', rating: '0' })).toBeNull();
    expect(ratingValue({ id: '1', rating: 'x' })).toBeNull();
    expect(ratingValue(null)).toBeNull();
  });
});

describe('RatingControl', () => {
  it('is a labelled group of ten radios with the current rating checked and the only tab stop', async () => {
    fakeServer({ 'GET /v2/users/self/content_metadata/7': () => ({ body: meta(7) }) });
    renderPage();
    const group = await screen.findByRole('radiogroup', { name: /Your rating/ });
    expect(group.querySelectorAll('[role="radio"]')).toHaveLength(10);
    expect(checked()).toEqual(['7']);
    expect(radio(7).tabIndex).toBe(0);
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Clear rating' })).toBeTruthy();
  });

  it('saves a click at once and shows what the refreshed meta holds', async () => {
    const server = fakeServer({
      'GET /v2/users/self/content_metadata/7': [() => ({ body: meta(7) }), () => ({ body: meta(4) })],
      'PUT /v2/users/self/ratings/7': () => ({ body: { id: '31', rating: '4' } }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Rate 4 of 10' }));
    expect(checked()).toEqual(['4']);
    await waitFor(() => expect(server.routes().filter((r) => r.startsWith('GET')).length).toBe(2));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ rating: 4 });
    expect(checked()).toEqual(['4']);
  });

  it('moves and checks with the arrow keys, Home and End, and saves only where it stops', async () => {
    const server = fakeServer({
      'GET /v2/users/self/content_metadata/7': () => ({ body: meta(7) }),
      'PUT /v2/users/self/ratings/7': (c) => ({ body: { id: '31', rating: `${(c.body as { rating: number }).rating}.00` } }),
    });
    renderPage();
    await screen.findByRole('radiogroup');
    await userEvent.tab();
    expect(document.activeElement).toBe(radio(7));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(radio(8));
    expect(checked()).toEqual(['8']);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(document.activeElement).toBe(radio(5));
    expect(checked()).toEqual(['5']);
    await userEvent.keyboard('{End}');
    expect(checked()).toEqual(['10']);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(radio(10));
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(checked()).toEqual(['2']);
    // Steps settle before one save.
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1), { timeout: RATING_SAVE_DELAY_MS * 4 });
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ rating: 2 });
  });

  it('starts from the first mark when there is no rating yet: Space checks it at once', async () => {
    const server = fakeServer({
      'GET /v2/users/self/content_metadata/7': () => ({ body: meta(null) }),
      'PUT /v2/users/self/ratings/7': (c) => ({ body: { id: '31', rating: `${(c.body as { rating: number }).rating}.00` } }),
    });
    renderPage();
    await screen.findByRole('radiogroup');
    expect(checked()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(radio(1));
    await userEvent.keyboard(' ');
    expect(checked()).toEqual(['1']);
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ rating: 1 }]);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(radio(3));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ rating: 1 }, { rating: 3 }]), {
      timeout: RATING_SAVE_DELAY_MS * 4,
    });
  });

  it('clears the rating, keeping the focus in the group', async () => {
    const server = fakeServer({
      'GET /v2/users/self/content_metadata/7': [() => ({ body: meta(7) }), () => ({ body: meta(null) })],
      'DELETE /v2/users/self/ratings/7': () => ({ status: 204 }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear rating' }));
    expect(checked()).toEqual([]);
    expect(document.activeElement).toBe(radio(1));
    await waitFor(() => expect(server.routes()).toContain('DELETE /v2/users/self/ratings/7'));
    await waitFor(() => expect(server.routes().filter((r) => r.startsWith('GET')).length).toBe(2));
    expect(checked()).toEqual([]);
  });

  it('goes back to the stored rating when the save fails', async () => {
    fakeServer({
      'GET /v2/users/self/content_metadata/7': () => ({ body: meta(7) }),
      'PUT /v2/users/self/ratings/7': () => ({ status: 500, body: { error: { type: 'internal', message: 'oops' } } }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Rate 2 of 10' }));
    await waitFor(() => expect(checked()).toEqual(['7']));
  });

  it('offers guests the sign-in instead of the marks', async () => {
    sessionStore.set({ ...emptySession, token: 'guest-token', isLogged: false });
    const server = fakeServer({ 'GET /v2/users/self/content_metadata/7': () => ({ body: meta(null) }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in to rate' }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByTestId('hash').textContent).toBe('#auth');
    expect(server.routes().some((r) => r.includes('/ratings/'))).toBe(false);
  });

  it('is not offered for a season, an episode or a programme', async () => {
    for (const content_type of ['season', 'episode', 'program'] as const) {
      fakeServer({ 'GET /v2/users/self/content_metadata/7': () => ({ body: meta(7) }) });
      renderPage({ ...film, content_type });
      await waitFor(() => expect(screen.getByTestId('hash')).toBeTruthy());
      expect(screen.queryByTestId('user-rating')).toBeNull();
      cleanup();
    }
  });
});
