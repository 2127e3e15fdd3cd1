import { whenFirstScreenPainted } from '@/shared/lib/firstScreen';

// The page's script. When the server drew the page's first screen, the app's code (fetched
// already: the page preloads it) runs once that screen is painted with its pictures, so a
// slow device shows the posters instead of waiting for the app to start.
void whenFirstScreenPainted().then(() => import('./main'));
