import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, DEFAULT_CONFIGURATION, platformKeys } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { HeaderSearch } from './HeaderSearch';
import { SearchBox } from './SearchBox';

const i18n = createTestI18n('en');
const ruI18n = createTestI18n('ru');

const matrix = { text: 'Матрица снов', kind: 'content', id: 12, slug: 'matrica-snov-12', content_type: 'movie', year: 2019 };
const popular = { text: 'Северный ветер', kind: 'content', id: 30, slug: 'severnyj-veter-30', content_type: 'series', year: 2021 };

/** The server: suggestions by text (none for anything else), popular without text. */
function server() {
  return fakeServer({
    'GET /v2/search/suggest': () => ({ body: [] }),
    'POST /v2/search/found': () => ({ status: 204 }),
  });
}

let where = '';
function Where() {
  const l = useLocation();
  where = l.pathname + l.search;
  return null;
}

function renderSearch(bouncing = 50, header = false, { lng = i18n, minChars = 1 } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(platformKeys.configuration(), { ...DEFAULT_CONFIGURATION, bouncing_interval: bouncing, min_search_chars: minChars });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={lng}>
        <MemoryRouter initialEntries={['/']}>
          {header ? <HeaderSearch /> : <SearchBox variant="header" />}
          <button type="button">elsewhere</button>
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const label = lng.t('header.searchLabel');
  return screen.queryByRole('combobox', { name: label }) as HTMLElement;
}

beforeEach(() => {
  clearCookiesAndStorage();
  sessionStore.set({ ...emptySession, token: 'guest-token' });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch stub whose suggestions depend on the text query parameter. */
function suggestByText(answers: Record<string, unknown[]>) {
  const texts: (string | null)[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    if (url.pathname === '/v2/search/suggest') {
      const text = url.searchParams.get('text');
      texts.push(text);
      return new Response(JSON.stringify(answers[text ?? ''] ?? []), { headers: { 'Content-Type': 'application/json' } });
    }
    if (url.pathname === '/v2/search/found' && init?.method === 'POST') {
      found.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 204 });
    }
    return new Response('{}', { status: 404 });
  });
  const found: unknown[] = [];
  vi.stubGlobal('fetch', fetchMock);
  return { texts, found };
}

describe('header search', () => {
  it('is not rendered without a session', () => {
    server();
    sessionStore.set({ ...emptySession });
    expect(renderSearch(50, true)).toBeNull();
  });

  it('shows a plain field at once and carries what was typed into the search when it loads', async () => {
    const { texts } = suggestByText({ матр: [matrix] });
    const early = renderSearch(50, true);
    expect(early.id).toBe('header-search-early');
    fireEvent.focus(early);
    fireEvent.change(early, { target: { value: 'матр' } });
    expect(await screen.findByRole('option', { name: /Матрица снов/ }, { timeout: 5000 })).toBeTruthy();
    const box = screen.getByRole('combobox', { name: 'Search films, series and channels' }) as HTMLInputElement;
    expect(box.value).toBe('матр');
    expect(document.activeElement).toBe(box);
    expect(texts).toContain('матр');
  });

  it('runs an Enter pressed in the plain field once the search has loaded', async () => {
    suggestByText({});
    const early = renderSearch(50, true);
    expect(early.id).toBe('header-search-early');
    fireEvent.change(early, { target: { value: '  Матрица ' } });
    fireEvent.submit(early.closest('form')!);
    await waitFor(() => expect(where).toBe(`/search?q=${encodeURIComponent('матрица')}`), { timeout: 5000 });
  });

  it('asks for suggestions without a query on focus and shows the popular ones', async () => {
    const { texts } = suggestByText({ '': [popular] });
    const input = renderSearch();
    fireEvent.focus(input);
    expect(await screen.findByRole('option', { name: /Северный ветер/ })).toBeTruthy();
    expect(texts).toEqual([null]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('debounces typing by bouncing_interval', async () => {
    const { texts } = suggestByText({ '': [], мат: [matrix] });
    const input = renderSearch(300);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'м' } });
    fireEvent.change(input, { target: { value: 'ма' } });
    fireEvent.change(input, { target: { value: 'мат' } });
    expect(await screen.findByRole('option', { name: /Матрица снов/ }, { timeout: 2000 })).toBeTruthy();
    // One request for the final text, none for the keys in between.
    expect(texts.filter((t) => t !== null)).toEqual(['мат']);
  });

  it('offers the Russian reading of text typed on the English layout and applies it (Russian interface)', async () => {
    suggestByText({ '': [], vfnhbwf: [], матрица: [matrix] });
    const input = renderSearch(50, false, { lng: ruI18n });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'vfnhbwf' } });
    const said = ruI18n.t('search.layoutHintPlain', { text: 'матрица' });
    const hint = await screen.findByRole('option', { name: (n) => n.includes(said) }, { timeout: 3000 });
    fireEvent.click(hint);
    expect((input as HTMLInputElement).value).toBe('матрица');
    expect(await screen.findByRole('option', { name: /Матрица снов/ })).toBeTruthy();
  });

  it('does not offer the layout hint in another interface language', async () => {
    const { texts } = suggestByText({ '': [], vfnhbwf: [], матрица: [matrix] });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'vfnhbwf' } });
    await waitFor(() => expect(texts).toContain('vfnhbwf'));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(texts).not.toContain('матрица');
    expect(screen.queryByRole('option', { name: /Did you mean/ })).toBeNull();
  });

  it('does not offer it for ordinary English', async () => {
    const { texts } = suggestByText({ '': [], hello: [], руддщ: [matrix] });
    const input = renderSearch(50, false, { lng: ruI18n });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'hello' } });
    await waitFor(() => expect(texts).toContain('hello'));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(texts).not.toContain('руддщ');
    expect(screen.queryByRole('option', { name: /руддщ/ })).toBeNull();
  });

  it('opens a chosen suggestion, reports it and remembers it', async () => {
    const { found } = suggestByText({ '': [], матр: [matrix] });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Матр' } });
    await screen.findByRole('option', { name: /Матрица снов/ });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(where).toBe('/contents/matrica-snov-12');
    await waitFor(() => expect(found).toEqual([{ text: 'матр', title: 'Матрица снов', content_type: 'movie', object_id: 12 }]));
    // Focus again with an empty field: the history shows it.
    fireEvent.focus(input);
    expect(await screen.findByRole('group', { name: 'Recent searches' })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Матрица снов/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search history' }));
    expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull();
  });

  it('goes to /search with Enter, lower-cased and trimmed, and hides the list', async () => {
    suggestByText({ '': [popular] });
    const input = renderSearch();
    fireEvent.focus(input);
    await screen.findByRole('option', { name: /Северный ветер/ });
    fireEvent.change(input, { target: { value: '  Матрица Снов ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(where).toBe(`/search?q=${encodeURIComponent('матрица снов')}`);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('does not search with Enter under min_search_chars', async () => {
    suggestByText({ '': [popular] });
    const input = renderSearch(50, false, { minChars: 3 });
    fireEvent.focus(input);
    await screen.findByRole('option', { name: /Северный ветер/ });
    fireEvent.change(input, { target: { value: ' Ма ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(where).toBe('/');
    fireEvent.change(input, { target: { value: 'Мат' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(where).toBe(`/search?q=${encodeURIComponent('мат')}`);
  });

  it('closes with Escape and hides the list after the blur delay', async () => {
    suggestByText({ '': [popular] });
    const input = renderSearch();
    input.focus();
    fireEvent.focus(input);
    await screen.findByRole('option', { name: /Северный ветер/ });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.closest('[data-state]')?.getAttribute('data-state')).toBe('closed');

    fireEvent.focus(input);
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    vi.useFakeTimers();
    fireEvent.blur(input, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    act(() => vi.advanceTimersByTime(400));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(150));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it("focuses with '/' outside fields only", () => {
    suggestByText({ '': [] });
    const input = renderSearch();
    const other = screen.getByRole('button', { name: 'elsewhere' });
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(input);
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    fireEvent.keyDown(field, { key: '/' });
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});
