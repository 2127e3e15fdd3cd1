import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoginFreePage } from '../paths';
import { useBoot } from '../boot/bootStore';
import { modalFromHash, useModalNavigation, type ModalName } from '@/shared/lib/modalNavigation';
import { useConfiguration } from '@/shared/api';
import { useSession } from '@/shared/session';
import { PlaceholderModal, isModalEnabled, modalComponents } from './registry';

/**
 * Renders the modal named by the URL hash (#auth, #pincode, ...). Removing the hash
 * closes it. In auth-only mode a visitor who is not logged in gets #auth, which cannot be
 * closed outside the login-free pages (legal, provider, promo, news, faq, packets).
 */
export function ModalHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status, access } = useBoot();
  const { isLogged } = useSession();
  const configuration = useConfiguration();
  const { close, data } = useModalNavigation();

  const authRequired = status === 'ready' && access.authOnly && !isLogged;
  const loginFree = isLoginFreePage(location.pathname);
  const forceAuth = authRequired && !loginFree && location.pathname !== '/geo_lock';

  let name: ModalName | null = modalFromHash(location.hash);
  if (forceAuth) name = 'auth';
  if (name && !isModalEnabled(name, { iframePayment: configuration.iframe_payment_enabled })) name = null;

  useEffect(() => {
    if (forceAuth && location.hash !== '#auth') {
      navigate({ pathname: location.pathname, search: location.search, hash: 'auth' }, { replace: true, state: location.state });
    }
  }, [forceAuth, location, navigate]);

  if (!name || status === 'loading') return null;
  const closable = !(name === 'auth' && authRequired && !loginFree);
  const onClose = closable ? close : undefined;
  const Component = modalComponents[name];

  return (
    <Suspense fallback={null}>
      {Component ? <Component onClose={onClose} data={data} /> : <PlaceholderModal name={name as never} onClose={onClose} data={data} />}
    </Suspense>
  );
}
