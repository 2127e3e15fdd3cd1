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

/** A page that says why there is nothing to show, with the way home. */
function MessagePage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('operator');
  useTitle(title);
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <p className={styles.muted}>{text}</p>
      <p>
        <ButtonLink to={paths.home} variant="secondary" size="small">
          {t('errors.toHome')}
        </ButtonLink>
      </p>
    </div>
  );
}

function NoAccess() {
  const { t } = useTranslation('operator');
  return <MessagePage title={t('errors.noAccessTitle')} text={t('errors.noAccessText')} />;
}

export function NotFound() {
  const { t } = useTranslation('operator');
  return <MessagePage title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}
