import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { alertStore } from '@/shared/ui';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { CLOSE_TIMES_KEY, reloadCloseTimes } from './closeTimes';
import { NotificationBox } from './NotificationBox';

const i18n = createTestI18n('en');
let navigate: NavigateFunction = () => undefined;

function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderBox(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <div id="root" />
          <Navigator />
          <NotificationBox />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const user = (email: string, isGuest = false) => ({
  id: 1,
  username: 'viewer',
  phone: '',
  is_guest: isGuest,
  timezone: 'UTC',
  date_joined: '2026-01-01T00:00:00Z',
  first_name: '',
  email,
});

/** Moves the clock (and the timers) on and lets React settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Jumps the clock `ms` ahead at once, then lets one more second of ticks run. */
async function jump(ms: number) {
  vi.setSystemTime(Date.now() + ms);
  await advance(1000);
}

const box = () => document.querySelector('[data-notification]');

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2027-01-15T12:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  clearCookiesAndStorage();
  reloadCloseTimes();
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the registration nudge', () => {
  beforeEach(() => {
    sessionStore.set({ ...emptySession, token: 'guest-token', isLogged: false });
    fakeServer({
      'GET /v2/platform/configuration': () => ({ body: { survey_question_id: 0 } }),
      'GET /v2/users/self': () => ({ body: user('', true) }),
    });
  });

  it('appears after 5 s on the TV page, never over a modal, and comes back 8 hours after closing', async () => {
    renderBox('/channels');
    await advance(4000);
    expect(box()).toBeNull();
    await advance(1000);
    expect(screen.getByRole('region', { name: 'Sign up to watch more' })).toBeTruthy();

    // A modal opens: the box steps aside, and is back when the modal closes.
    await act(async () => navigate('/channels#auth'));
    expect(box()).toBeNull();
    await act(async () => navigate('/channels'));
    expect(box()?.getAttribute('data-notification')).toBe('register');

    fireEvent.click(screen.getByRole('button', { name: 'Close the notice' }));
    expect(box()).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(CLOSE_TIMES_KEY) ?? '{}')).toHaveProperty('register');
    await jump(28_800_000 - 3000);
    expect(box()).toBeNull();
    await advance(3000);
    expect(box()?.getAttribute('data-notification')).toBe('register');
  });

  it('is not shown away from the TV page', async () => {
    renderBox('/movies');
    await advance(60_000);
    expect(box()).toBeNull();
  });
});

describe('the survey notice', () => {
  const question = {
    id: 3,
    question: 'Why did you turn off renewal?',
    description: '',
    allow_user_answer: true,
    answers: [
      { id: 31, text: 'Too expensive' },
      { id: 32, text: 'Too few films' },
    ],
    answered: false,
  };

  beforeEach(() => {
    sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  });

  it("refuses an empty answer with 'none field is selected', sends one and hides", async () => {
    const server = fakeServer({
      'GET /v2/platform/configuration': () => ({ body: { survey_question_id: 3 } }),
      'GET /v2/users/self': () => ({ body: user('viewer@example.com') }),
      'GET /v2/users/self/messages': () => ({ body: [] }),
      'GET /v2/survey/questions/3': [() => ({ body: question }), () => ({ body: { ...question, answered: true } })],
      'POST /v2/survey/questions/3/answers': () => ({ status: 204 }),
    });
    renderBox('/');
    await advance(100);
    const region = screen.getByRole('region', { name: 'Why did you turn off renewal?' });
    fireEvent.change(within(region).getByLabelText('Your answer'), { target: { value: '   ' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Send' }));
    expect(alertStore.get()?.text).toBe('None field is selected');
    expect(server.routes()).not.toContain('POST /v2/survey/questions/3/answers');

    fireEvent.click(within(region).getByRole('checkbox', { name: 'Too few films' }));
    fireEvent.change(within(region).getByLabelText('Your answer'), { target: { value: 'and ads' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Send' }));
    await advance(100);
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ answer_ids: [32], user_text: 'and ads' });
    expect(screen.queryByRole('region', { name: 'Why did you turn off renewal?' })).toBeNull();
    // Answered: the next notice in line (install) takes the place, the survey is not back.
    expect(box()?.getAttribute('data-notification')).toBe('install');
    await jump(4 * 86_400_000);
    expect(box()?.getAttribute('data-notification')).toBe('install');
  });

  it('logs a failed answer and hides the notice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeServer({
      'GET /v2/platform/configuration': () => ({ body: { survey_question_id: 3 } }),
      'GET /v2/users/self': () => ({ body: user('viewer@example.com') }),
      'GET /v2/users/self/messages': () => ({ body: [] }),
      'GET /v2/survey/questions/3': () => ({ body: question }),
      'POST /v2/survey/questions/3/answers': () => ({ status: 500, body: { error: { type: 'internal', message: 'boom' } } }),
    });
    renderBox('/');
    await advance(100);
    const region = screen.getByRole('region', { name: 'Why did you turn off renewal?' });
    fireEvent.click(within(region).getByRole('checkbox', { name: 'Too expensive' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Send' }));
    await advance(100);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Why did you turn off renewal?' })).toBeNull();
    // Back after its delay (three days), as it was not answered.
    await jump(3 * 86_400_000);
    expect(screen.getByRole('region', { name: 'Why did you turn off renewal?' })).toBeTruthy();
  });
});

describe('the e-mail notice', () => {
  beforeEach(() => {
    sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  });

  it('ignores Cyrillic and punycode, refuses an address off the pattern, shows a duplicate as an error modal', async () => {
    let saved = '';
    const server = fakeServer({
      'GET /v2/platform/configuration': () => ({ body: { survey_question_id: 0 } }),
      'GET /v2/users/self': () => ({ body: user(saved) }),
      'GET /v2/users/self/messages': () => ({ body: [] }),
      'PATCH /v2/users/self': [
        () => ({ status: 400, body: { error: { type: 'duplicate_email', message: 'taken', detail: { email: 'taken' } } } }),
        (call) => {
          saved = (call.body as { email: string }).email;
          return { body: user(saved) };
        },
      ],
    });
    renderBox('/');
    await advance(100);
    const region = screen.getByRole('region', { name: 'Add your e-mail' });
    const input = within(region).getByLabelText('E-mail') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'иван@mail.ru' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'a@xn--p1ai' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'ivan@mail' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(server.routes()).not.toContain('PATCH /v2/users/self');

    fireEvent.change(input, { target: { value: 'ivan@mail.ru' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await advance(100);
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('This e-mail address is already in use.')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    fireEvent.change(input, { target: { value: 'ivan2@mail.ru' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await advance(100);
    expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { email: 'ivan@mail.ru' },
      { email: 'ivan2@mail.ru' },
    ]);
    expect(screen.queryByRole('region', { name: 'Add your e-mail' })).toBeNull();
  });
});
