import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/ui/Button';
import { paths } from '../paths';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { useTitle } from '../ui/useTitle';
import { MENU, type MenuEntry } from './menu';

/** A section opened by an address its role does not allow: said plainly, nothing loaded. */
export function SectionGuard({ section, children }: { section: MenuEntry['id']; children: ReactNode }) {
  const session = useStaffSession();
  const entry = MENU.find((e) => e.id === section);
  if (entry?.permission && !session.permissions.includes(entry.permission)) return <NoAccess />;
  return children;
}

function NoAccess() {
  const { t } = useTranslation('operator');
  useTitle(t('errors.noAccessTitle'));
  return (
    <div className={styles.page}>
      <h1>{t('errors.noAccessTitle')}</h1>
      <p className={styles.muted}>{t('errors.noAccessText')}</p>
      <p>
        <ButtonLink to={paths.home} variant="secondary" size="small">
          {t('errors.toHome')}
        </ButtonLink>
      </p>
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation('operator');
  useTitle(t('errors.notFoundTitle'));
  return (
    <div className={styles.page}>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p className={styles.muted}>{t('errors.notFoundText')}</p>
      <p>
        <ButtonLink to={paths.home} variant="secondary" size="small">
          {t('errors.toHome')}
        </ButtonLink>
      </p>
    </div>
  );
}
