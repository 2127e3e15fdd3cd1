import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import type { Staff, StaffSession } from '../api/types';
import { ConsoleProviders } from '../ConsoleApp';
import { CONSOLE_BASENAME } from '../paths';
import { ConsoleRoutes } from '../routes';
import { connectConsoleApi, createConsoleQueryClient } from '../session/queryClient';

// Every console namespace's English file (operator.json, operator-{section}.json).
const englishFiles = import.meta.glob<Record<string, unknown>>('../../../public/locales/en/operator*.json', {
  eager: true,
  import: 'default',
});
const english = Object.fromEntries(
  Object.entries(englishFiles).map(([path, texts]) => [path.split('/').at(-1)!.replace(/\.json$/, ''), texts]),
);

/** A synchronous i18next instance with the console's real English texts. */
export function createTestConsoleI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    ns: Object.keys(english),
    defaultNS: 'operator',
    resources: { en: english },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

let location = { pathname: '', search: '' };

function LocationProbe() {
  const l = useLocation();
  location = { pathname: l.pathname, search: l.search };
  return null;
}

/** Where the console's router is now (inside the /operator basename). */
export const where = () => location;

/** The whole console at `path` (a full /operator/... address), on a fresh cache. */
export function renderConsole(path: string, { client = createConsoleQueryClient() }: { client?: QueryClient } = {}) {
  connectConsoleApi(client, () => 'en');
  const view = render(
    <ConsoleProviders queryClient={client} i18n={createTestConsoleI18n()}>
      <MemoryRouter basename={CONSOLE_BASENAME} initialEntries={[path]}>
        <ConsoleRoutes />
        <LocationProbe />
      </MemoryRouter>
    </ConsoleProviders>,
  );
  return { ...view, client };
}

export function staffFixture(overrides: Partial<Staff> = {}): Staff {
  return {
    id: 1,
    email: 'anna@demo.example',
    name: 'Anna',
    role: 'owner',
    provider_id: 1,
    totp_enabled: true,
    totp_required: true,
    disabled: false,
    created_at: '2026-01-10T09:00:00Z',
    last_login_at: '2026-03-01T10:30:00Z',
    ...overrides,
  };
}

// As the server's roles have them (internal/operator/model.go).
const ALL = [
  'dashboard.read',
  'subscribers.read',
  'subscribers.write',
  'money.read',
  'money.write',
  'packets.read',
  'packets.write',
  'promo.read',
  'promo.write',
  'paysystems.write',
  'channels.write',
  'catalog.write',
  'messages.write',
  'settings.write',
  'integrations.write',
  'staff.read',
  'staff.write',
  'audit.read',
];

export const PERMISSIONS: Record<Staff['role'], string[]> = {
  owner: ALL,
  admin: ALL,
  support: ['dashboard.read', 'subscribers.read', 'subscribers.write', 'money.read', 'money.write', 'packets.read', 'promo.read', 'messages.write', 'audit.read'],
  content: ['channels.write', 'catalog.write', 'messages.write'],
  finance: ['dashboard.read', 'subscribers.read', 'money.read', 'packets.read', 'promo.read', 'audit.read'],
};

export function sessionFixture(overrides: { staff?: Partial<Staff>; permissions?: string[]; provider?: StaffSession['provider']; csrf_token?: string } = {}): StaffSession {
  const staff = staffFixture(overrides.staff);
  return {
    staff,
    provider: overrides.provider ?? { id: 1, shortname: 'demo', name: 'Demo Telecom' },
    permissions: overrides.permissions ?? PERMISSIONS[staff.role],
    csrf_token: overrides.csrf_token ?? 'csrf-1',
    idle_expires_at: '2026-03-01T12:00:00Z',
    expires_at: '2026-03-01T22:00:00Z',
  };
}

export const unauthorised = () => ({ status: 401, body: { error: { type: 'authentication_failed', message: 'Sign in first' } } });

/** The query string of the n-th recorded call to `path`. */
export function queryOf(fetchMock: { mock: { calls: unknown[][] } }, path: string, n = 0): URLSearchParams {
  const urls = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://test')).filter((u) => u.pathname === path);
  const url = urls[n];
  if (!url) throw new Error(`no call to ${path}`);
  return url.searchParams;
}
