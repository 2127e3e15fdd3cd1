import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title: the page, then the console's name. */
export function useTitle(page: string | null | undefined): void {
  const { t } = useTranslation('operator');
  useEffect(() => {
    document.title = page ? t('app.pageTitle', { page }) : t('app.name');
  }, [page, t]);
}
