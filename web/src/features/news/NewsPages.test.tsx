import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { NewsItemPage } from './NewsPages';

const i18n = createTestI18n('en');

const item = (body: string) => ({ id: 5, slug: 'novost-5', title: 'Big news', lead: '', body, image: '', published_at: 1_700_000_000 });

function renderItem(body: string) {
  fakeServer({ 'GET /v2/news/5': () => ({ body: item(body) }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/news/5']}>
          <Routes>
            <Route path="/news/:id" element={<NewsItemPage />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'guest-token' });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('news item', () => {
  it('collapses a text over 400 characters with more and less', async () => {
    const first = `First paragraph ${'word '.repeat(90)}end.`;
    renderItem(`${first}\n\nSecond paragraph.`);
    await screen.findByRole('heading', { level: 1, name: 'Big news' });
    expect(screen.queryByText('Second paragraph.')).toBeNull();
    const more = screen.getByRole('button', { name: i18n.t('news.readMore') });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const user = userEvent.setup();
    await user.click(more);
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    expect(screen.getByText(first)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: i18n.t('news.readLess') }));
    expect(screen.queryByText('Second paragraph.')).toBeNull();
  });

  it('shows a short text whole, without the control', async () => {
    renderItem('Short one.\n\nAnd another.');
    await screen.findByRole('heading', { level: 1, name: 'Big news' });
    expect(screen.getByText('Short one.')).toBeTruthy();
    expect(screen.getByText('And another.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: i18n.t('news.readMore') })).toBeNull();
  });
});
