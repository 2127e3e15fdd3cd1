import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './routes/AppRoutes';

export function App({ queryClient, i18n }: { queryClient: QueryClient; i18n: I18n }) {
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
