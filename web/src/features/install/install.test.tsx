import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { InstallModal, SmartTvModal } from './InstallModal';
import { ManualPage } from './ManualPage';

const i18n = createTestI18n('en');

const guide = (device: string, html: string, custom = false) => ({ device, lang: 'en', html, custom, updated_at: 0 });
const GUIDES = [
  guide('smarttv', '<ol><li>Open <strong>Samsung Apps</strong>.</li></ol>'),
  guide('mobile', '<p>Open the App Store.</p>'),
  guide('dune', '<p>Dune steps</p>', true),
  guide('mag', '<p>Portal: <code>http://stb.efir.example/portal</code></p><p><img src="/v2/install/pictures/default-portal.svg" alt="The portal address"></p>'),
];

let where = '';
function Where() {
  const l = useLocation();
  where = l.pathname + l.hash;
  return null;
}

function renderAt(path: string, element: React.ReactNode, routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <Routes>
            <Route path="/manual/:device?" element={element} />
            <Route path="*" element={element} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return server;
}

beforeEach(() => configureApi({ getToken: () => null, getLanguage: () => 'en' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the install dialog', () => {
  it('lists the devices, shows one device’s steps and goes back to the list', async () => {
    const onClose = vi.fn();
    const server = renderAt('/#install', <InstallModal onClose={onClose} />, { 'GET /v2/install/devices': () => ({ body: GUIDES }) });
    const dialog = await screen.findByRole('dialog', { name: 'Watch on your devices' });
    expect(dialog).toBeTruthy();
    const buttons = await screen.findAllByRole('button', { name: /Smart TV|Phone and tablet|Dune HD|MAG/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Smart TVSamsung and LG', 'Phone and tabletiPhone, iPad and Android', 'Dune HDSet-top box', 'MAGSet-top box']);
    expect(server.calls[0]!.headers['Accept-Language']).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: /MAG/ }));
    expect(screen.getByRole('dialog', { name: 'MAG' })).toBeTruthy();
    expect(screen.getByText('http://stb.efir.example/portal')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The portal address' })).toBeTruthy();
    const back = screen.getByRole('button', { name: /All devices/ });
    expect(document.activeElement).toBe(back);
    // A set-top box has its own page too.
    expect(screen.getByRole('link', { name: 'Open as a page' }).getAttribute('href')).toBe('/manual/mag');

    fireEvent.click(back);
    expect(screen.getByRole('dialog', { name: 'Watch on your devices' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('#smarttv opens on the Smart TV steps, with no page link', async () => {
    renderAt('/#smarttv', <SmartTvModal onClose={() => {}} />, { 'GET /v2/install/devices': () => ({ body: GUIDES }) });
    expect(await screen.findByRole('dialog', { name: 'Smart TV' })).toBeTruthy();
    expect(await screen.findByText('Samsung Apps')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open as a page' })).toBeNull();
  });

  it('#smarttv shows the list when the operator hid Smart TV', async () => {
    renderAt('/#smarttv', <SmartTvModal onClose={() => {}} />, { 'GET /v2/install/devices': () => ({ body: GUIDES.slice(1) }) });
    expect(await screen.findByRole('button', { name: /Phone and tablet/ })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Watch on your devices' })).toBeTruthy();
  });

  it('offers a retry when the instructions cannot be loaded (after two quiet retries)', { timeout: 15_000 }, async () => {
    const fail = () => ({ status: 500, body: { error: { type: 'internal', message: 'x' } } });
    const server = renderAt('/#install', <InstallModal onClose={() => {}} />, {
      'GET /v2/install/devices': [fail, fail, fail, () => ({ body: GUIDES })],
    });
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toContain('The instructions could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Dune HD/ })).toBeTruthy();
    expect(server.calls).toHaveLength(4);
  });
});

describe('the manual pages', () => {
  it('/manual lists the set-top boxes the operator shows, as links', async () => {
    renderAt('/manual', <ManualPage />, { 'GET /v2/install/devices': () => ({ body: GUIDES }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Set-top box manuals' })).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /Set-top box$/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/manual/dune', '/manual/mag']);
    expect(screen.getByRole('link', { name: 'Smart TV, phones and other devices' }).getAttribute('href')).toBe('/manual#install');
  });

  it('/manual/mag shows the MAG steps from its own call', async () => {
    const server = renderAt('/manual/mag', <ManualPage />, { 'GET /v2/install/devices/mag': () => ({ body: GUIDES[3] }) });
    expect(screen.getByRole('heading', { level: 1, name: 'How to set up MAG' })).toBeTruthy();
    expect(await screen.findByText('http://stb.efir.example/portal')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'How to set up MAG' })).toBeTruthy();
    expect(server.calls.map((c) => c.path)).toEqual(['/v2/install/devices/mag']);
    expect(document.title).toContain('How to set up MAG');
  });

  it('has no page for other devices, nor for a box the operator hid', async () => {
    const server = renderAt('/manual/smarttv', <ManualPage />, {});
    expect(screen.getByRole('heading', { level: 1, name: 'There is no manual for this device' })).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    cleanup();
    renderAt('/manual/eltex', <ManualPage />, {
      'GET /v2/install/devices/eltex': () => ({ status: 404, body: { error: { type: 'not_found', message: 'Not found' } } }),
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'There is no manual for this device' })).toBeTruthy());
    fireEvent.click(screen.getByRole('link', { name: 'All manuals' }));
    expect(where).toBe('/manual');
  });
});
