import { createRoot } from 'react-dom/client';
import '@/shared/ui/global.css';
import { ConsoleApp } from './ConsoleApp';
import { consoleLanguage, createConsoleI18n } from './i18n/i18n';
import { connectConsoleApi, createConsoleQueryClient } from './session/queryClient';

// The operator console's entry (operator.html, served at /operator): its own bundle, sharing
// the design tokens, UI kit and API types of src/shared and nothing of the viewer's pages.

const queryClient = createConsoleQueryClient();
const i18n = createConsoleI18n();
connectConsoleApi(queryClient, () => consoleLanguage(i18n));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from operator.html');
createRoot(root).render(<ConsoleApp queryClient={queryClient} i18n={i18n} />);
