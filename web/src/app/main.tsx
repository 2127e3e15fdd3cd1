import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/shared/ui/global.css';
import { i18n, initI18n } from '@/shared/i18n';
import { armFirstScreen } from '@/shared/lib/firstScreen';
import { setRestartHandler } from '@/shared/session';
import { App } from './App';
import { installApiHooks, restartApp, startApp } from './boot/boot';
import { createQueryClient } from './queryClient';

// Entry: wire the API client to the session, start the start-up sequence and the
// translations in parallel, render at once (the layout shows progress or a retry panel).

const queryClient = createQueryClient();
installApiHooks(queryClient);
setRestartHandler(restartApp);
void initI18n();
void startApp();
armFirstScreen();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} i18n={i18n} />
  </StrictMode>,
);
