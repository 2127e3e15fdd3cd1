import { Suspense, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal, Spinner } from '@/shared/ui';
import { BackgroundContext, backgroundFor } from './background';

/**
 * A route rendered over the page below it (content, watch, persons, legal texts, news
 * item, settings, a channel on a phone). Closing returns to that page.
 */
export function ModalPage({
  title,
  children,
  name,
  titleHidden,
}: {
  title: string;
  children: ReactNode;
  name: string;
  /** The page shows its own heading (content, person, news item): the dialog's stays for screen readers. */
  titleHidden?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const below = useContext(BackgroundContext);
  const close = () => {
    const bg = below ?? backgroundFor(location.pathname);
    navigate({ pathname: bg.pathname, search: bg.search, hash: bg.hash }, { state: bg.state ?? null });
  };
  return (
    <Modal title={title} onClose={close} size="page" name={name} titleHidden={titleHidden}>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>{children}</Suspense>
    </Modal>
  );
}
