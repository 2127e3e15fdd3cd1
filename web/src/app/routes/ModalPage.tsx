import { Suspense, useContext, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ModalPageCloseContext } from '@/shared/lib/modalNavigation';
import { DocumentMetaLayer } from '@/shared/lib/useDocumentMeta';
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
  // The screen inside may decide where closing goes (useModalPageClose).
  const closeOverride = useRef<(() => void) | null>(null);
  const close = () => {
    if (closeOverride.current) return closeOverride.current();
    const bg = below ?? backgroundFor(location.pathname);
    navigate({ pathname: bg.pathname, search: bg.search, hash: bg.hash }, { state: bg.state ?? null });
  };
  return (
    <ModalPageCloseContext.Provider value={closeOverride}>
      <Modal title={title} onClose={close} size="page" name={name} titleHidden={titleHidden}>
        {/* The modal page owns the tab title over the page below, whichever loads last. */}
        <DocumentMetaLayer>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>{children}</Suspense>
        </DocumentMetaLayer>
      </Modal>
    </ModalPageCloseContext.Provider>
  );
}
