import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNetwork } from '@/shared/api';
import { showPromoDays } from '@/shared/lib/constants';
import type { HashModalProps, NavigationState } from '@/shared/lib/modalNavigation';
import { Modal, Spinner } from '@/shared/ui';
import { AutoAuthFailure } from './AutoAuthFailure';
import { useAuthState } from './authStore';
import { codeLength } from './code';
import { LoginPasswordForm } from './LoginPasswordForm';
import { parseMask } from '@/shared/lib/phoneMask';
import { PhoneLogin } from './PhoneLogin';
import { ProviderNotFound } from './ProviderNotFound';
import styles from './AuthModal.module.css';

type Method = 'phone' | 'password';

/**
 * The #auth modal: phone + code sign-in (default) or login and password. Its title and
 * description are the operator's (network `default`). A network without an operator and
 * a failed automatic sign-in have their own views.
 */
export function AuthModal({ onClose }: HashModalProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const network = useNetwork();
  const { autoAuthFailure } = useAuthState();
  const [method, setMethod] = useState<Method>('phone');
  const tabsId = useId();
  const returnTo = (location.state as NavigationState | null)?.returnTo;

  const loggedIn = useCallback(() => {
    // A guest sent here from a protected page (e.g. /lk) goes back there.
    if (returnTo) navigate(returnTo, { replace: true });
    else navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.pathname, location.search, navigate, returnTo]);

  const info = network.data;
  if (autoAuthFailure) return <AutoAuthFailure failure={autoAuthFailure} onClose={onClose} onLoggedIn={loggedIn} />;
  if (info && !info.provider) return <ProviderNotFound network={info} onClose={onClose} />;

  const title = info?.default.title || t('auth.title');
  const tab = (m: Method) => `${tabsId}-${m}`;
  const select = (m: Method) => {
    setMethod(m);
    document.getElementById(tab(m))?.focus();
  };

  return (
    <Modal title={title} onClose={onClose} name="auth">
      {info?.default.description && <p className={styles.lead}>{info.default.description}</p>}
      {showPromoDays(info?.promo_days) && (
        <p className={styles.promo}>{t('auth.promoDays', { days: t('plural.days', { count: info.promo_days }) })}</p>
      )}
      {!onClose && <p className={styles.muted}>{t('auth.authOnly')}</p>}
      <div
        role="tablist"
        aria-label={t('auth.methods')}
        className={styles.tabs}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft' || e.key === 'Home' || e.key === 'End') {
            e.preventDefault();
            select(method === 'phone' ? 'password' : 'phone');
          }
        }}
      >
        {(['phone', 'password'] as const).map((m) => (
          <button
            key={m}
            id={tab(m)}
            type="button"
            role="tab"
            aria-selected={method === m}
            aria-controls={`${tab(m)}-panel`}
            tabIndex={method === m ? 0 : -1}
            className={styles.tab}
            onClick={() => setMethod(m)}
          >
            {m === 'phone' ? t('auth.byPhone') : t('auth.byPassword')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tab(method)}-panel`} aria-labelledby={tab(method)}>
        {!info ? (
          <Spinner label={t('app.loading')} />
        ) : method === 'phone' ? (
          <PhoneLogin
            mask={parseMask(info.phone_mask)}
            codeLength={codeLength(info.phone_otp_length)}
            alma={info.provider?.alma ?? false}
            languages={info.languages}
            onLoggedIn={loggedIn}
          />
        ) : (
          <LoginPasswordForm onLoggedIn={loggedIn} />
        )}
      </div>
    </Modal>
  );
}
