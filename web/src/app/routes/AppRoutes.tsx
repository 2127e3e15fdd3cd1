import { Suspense } from 'react';
import { useLocation, useRoutes, type Location } from 'react-router';
import type { NavigationState } from '@/shared/lib/modalNavigation';
import { PageCoveredContext } from '@/shared/lib/pageCovered';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { ModalHost } from '../modals/ModalHost';
import { BackgroundContext, backgroundFor } from './background';
import { isModalPath, modalRoutes } from './modalRoutes';
import { pageRoutes } from './pageRoutes';
import { useBodyPageClass } from './useBodyPageClass';

/**
 * Two route trees: the page tree renders the background location when a modal page is
 * open (so the page stays underneath), the modal tree renders the modal page itself.
 */
export function AppRoutes() {
  const location = useLocation();
  const isPhone = useIsPhone();
  const modalOpen = isModalPath(location.pathname, isPhone);
  const state = location.state as NavigationState | null;
  const recorded = state?.backgroundLocation;
  const background: Location | null = !modalOpen
    ? null
    : recorded && !isModalPath(recorded.pathname, isPhone)
      ? recorded
      : backgroundFor(location.pathname);

  useBodyPageClass(location.pathname);
  const page = useRoutes(pageRoutes, background ?? location);
  const modal = useRoutes([...modalRoutes(isPhone), { path: '*', element: null }], location);

  return (
    <>
      <PageCoveredContext.Provider value={modalOpen}>{page}</PageCoveredContext.Provider>
      {modalOpen && (
        <BackgroundContext.Provider value={background}>
          <Suspense fallback={null}>{modal}</Suspense>
        </BackgroundContext.Provider>
      )}
      <ModalHost />
    </>
  );
}
