import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { ALERT_MS, AlertHost, showAlert } from './alerts';

const i18n = createTestI18n('en');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('alerts', () => {
  it('shows one alert at a time for 3 s', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AlertHost />
      </I18nextProvider>,
    );
    act(() => showAlert('first'));
    act(() => showAlert('second', { kind: 'warning' }));
    expect(screen.getByRole('alert').textContent).toBe('second');
    expect(screen.queryByText('first')).toBeNull();
    act(() => vi.advanceTimersByTime(ALERT_MS - 1));
    expect(screen.queryByText('second')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('second')).toBeNull();
  });

  it('uses a status for info and closes on the button', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AlertHost />
      </I18nextProvider>,
    );
    act(() => showAlert('saved'));
    expect(screen.getByRole('status').textContent).toBe('saved');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('alerts.close') }));
    expect(screen.queryByText('saved')).toBeNull();
  });
});
