import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { createTestI18n } from '../../test/i18n';
import { isMissingError } from './api';
import { QueryState } from './States';

const i18n = createTestI18n('en');
const failure = (status: number) => new ApiError(status, status === 0 ? 'network' : 'http_error', '');

function renderState(error: unknown) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <QueryState error={error} onRetry={() => undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('QueryState', () => {
  it.each([404, 403, 400, 410, 451])('shows the content-not-found page for %i', (status) => {
    renderState(failure(status));
    expect(screen.getByRole('heading', { level: 1, name: i18n.t('notFound.content') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: i18n.t('content.retry') })).toBeNull();
  });

  it.each([0, 401, 429, 500, 503])('offers a retry for %i', (status) => {
    renderState(failure(status));
    expect(screen.getByRole('button', { name: i18n.t('content.retry') })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: i18n.t('notFound.content') })).toBeNull();
  });

  it('keeps the retry for an error that is not an API answer', () => {
    expect(isMissingError(new Error('boom'))).toBe(false);
    renderState(new Error('boom'));
    expect(screen.getByRole('button', { name: i18n.t('content.retry') })).toBeTruthy();
  });
});
