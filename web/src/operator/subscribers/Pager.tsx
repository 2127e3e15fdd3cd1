import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import own from './card.module.css';

/** Newer and older pages of a list the server gives newest first. */
export function Pager({ label, page, hasNext, onPage }: { label: string; page: number; hasNext: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('operator');
  return (
    <nav className={own.pager} aria-label={label}>
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← {t('audit.prev')}
      </Button>
      <span aria-current="page">{t('audit.page', { page })}</span>
      <Button variant="secondary" size="small" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('audit.next')} →
      </Button>
    </nav>
  );
}
