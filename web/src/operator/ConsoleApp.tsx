import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { CONSOLE_BASENAME } from './paths';
import { ConsoleRoutes } from './routes';

/** Server state and the console's translations; the fallback shows while the texts load. */
export function ConsoleProviders({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n} defaultNS="operator">
        <Suspense fallback={<div aria-busy="true" style={{ minHeight: '100vh' }} />}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

export function ConsoleApp({ queryClient, i18n }: { queryClient: QueryClient; i18n: I18n }) {
  return (
    <StrictMode>
      <ConsoleProviders queryClient={queryClient} i18n={i18n}>
        <BrowserRouter basename={CONSOLE_BASENAME}>
          <ConsoleRoutes />
        </BrowserRouter>
      </ConsoleProviders>
    </StrictMode>
  );
}
