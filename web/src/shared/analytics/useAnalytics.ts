import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useConfiguration } from '../api/hooks';

// The layout's hook of analytics: it hands the operator's settings and every address to the
// page-wide part (pageAnalytics.ts), loaded lazily; its calls keep their order.

const page = () => import('./pageAnalytics');

/**
 * The page-wide part of analytics, used once by the layout: the operator's counter and DSN,
 * a page event on every path, the click id of the query, the error reports and the flush
 * when the page is hidden.
 */
export function useAnalytics(): void {
  const { pathname, search, hash } = useLocation();
  const navigation = useNavigationType();
  const { counter_url: counterUrl = '', sentry_dsn: sentryDsn = '' } = useConfiguration();

  useEffect(() => {
    void page().then((m) => m.arm());
  }, []);

  useEffect(() => {
    void page().then((m) => m.configure({ counterUrl, sentryDsn }));
  }, [counterUrl, sentryDsn]);

  useEffect(() => {
    void page().then((m) => m.navigated({ pathname, hash, search }, navigation === 'POP'));
  }, [pathname, hash, search, navigation]);
}
