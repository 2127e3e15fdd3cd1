import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DEFAULT_CONFIGURATION, platformKeys, type NetworkInfo } from '@/shared/api';
import { modalFromHash, useModalNavigation, type HashModalProps, type ModalName } from '@/shared/lib/modalNavigation';
import { AlertHost, Modal } from '@/shared/ui';
import { createTestI18n } from '../../test/i18n';
import {
  ConfirmModal,
  ConfirmPeriodModal,
  NofundsModal,
  PayCardModal,
  PayPhoneSmsModal,
  PayQrModal,
  PayQrAlmaModal,
  PayRedirectModal,
  PayTransactionModal,
  PaysystemsModal,
  RefillModal,
  SubscriptionModal,
} from './index';

// Test-only: renders a screen with the payment hash modals the way the app's modal host
// does (hash -> component, history state -> data), stand-ins for #auth, #pincode and
// #message, the alert host, and the address for assertions. Imported by tests only.

export const testI18n = createTestI18n('en');

function StandIn({ name, data, onClose }: HashModalProps & { name: string }) {
  const message = data as { title?: string; text?: string } | undefined;
  return (
    <Modal title={message?.title || `stand-in ${name}`} onClose={onClose} name={name}>
      <p>{message?.text}</p>
    </Modal>
  );
}

const paymentModals: Partial<Record<ModalName, ComponentType<HashModalProps>>> = {
  confirm: ConfirmModal,
  confirm_period: ConfirmPeriodModal,
  paysystems: PaysystemsModal,
  pay_redirect: PayRedirectModal,
  pay_card: PayCardModal,
  pay_phone_sms: PayPhoneSmsModal,
  pay_qr: PayQrModal,
  pay_qr_alma: PayQrAlmaModal,
  pay_transaction: PayTransactionModal,
  refill: RefillModal,
  subscription: SubscriptionModal,
  nofunds: NofundsModal,
};

function TestModalHost({ extra }: { extra?: Partial<Record<ModalName, ComponentType<HashModalProps>>> }) {
  const location = useLocation();
  const { close, data } = useModalNavigation();
  const name = modalFromHash(location.hash);
  if (!name) return null;
  const Component = extra?.[name] ?? paymentModals[name];
  return Component ? <Component onClose={close} data={data} /> : <StandIn name={name} data={data} onClose={close} />;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where" data-path={l.pathname} data-search={l.search} data-hash={l.hash} />;
}

export function where(): { path: string; search: string; hash: string } {
  const el = document.querySelector('[data-testid="where"]')!;
  return { path: el.getAttribute('data-path')!, search: el.getAttribute('data-search')!, hash: el.getAttribute('data-hash')! };
}

export function testClient(opts: { paymentEnabled?: boolean; allowWithoutBase?: boolean } = {}): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(platformKeys.configuration(), { ...DEFAULT_CONFIGURATION, payment_enabled: opts.paymentEnabled ?? true });
  client.setQueryData(platformKeys.network(), {
    provider: null,
    is_allow_additional_packets_without_base: opts.allowWithoutBase ?? false,
  } as unknown as NetworkInfo);
  return client;
}

export function renderWithModals(
  ui: ReactNode,
  {
    path = '/',
    route = '*',
    client = testClient(),
    extra,
    modalData,
  }: {
    path?: string;
    route?: string;
    client?: QueryClient;
    extra?: Partial<Record<ModalName, ComponentType<HashModalProps>>>;
    /** Data of the modal the path's hash opens (as the history state carries it). */
    modalData?: unknown;
  } = {},
) {
  const url = new URL(path, 'http://test');
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n}>
        <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, hash: url.hash, state: modalData === undefined ? null : { modalData } }]}>
          <Routes>
            <Route
              path={route}
              element={
                <>
                  {ui}
                  <TestModalHost extra={extra} />
                </>
              }
            />
            <Route path="*" element={null} />
          </Routes>
          <Where />
          <AlertHost />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
