import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import type { RowParams } from './api';
import RowPage from './RowPage';

// The page's request is what matters here: the list hook records it and stays loading.
const asked: RowParams[] = [];
vi.mock('./useRowList', () => ({
  useRowList: (_ref: string, params: RowParams) => {
    asked.push(params);
    return { row: null, query: { isError: false }, sentinel: () => undefined, loadingMore: false, stuck: false, retry: () => undefined };
  },
}));

const i18n = createTestI18n('en');

function renderAt(url: string) {
  asked.length = 0;
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/row/:id" element={<RowPage notFound={null} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return asked.at(-1);
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('RowPage', () => {
  it('asks for the row with the library of the address', () => {
    expect(renderAt('/row/new-films?library_id=2&text=x')).toEqual({ text: 'x', library_id: 2 });
  });

  it('leaves the library out for a prerender client', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)');
    expect(renderAt('/row/new-films?library_id=2')).toEqual({ text: undefined, library_id: undefined });
  });
});
