import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfiguration, useCurrentUser, useNetwork } from '@/shared/api';
import { useModalNavigation, useModalPageState } from '@/shared/lib/modalNavigation';
import { displayPhone, parseMask } from '@/shared/lib/phoneMask';
import { useDropdownDismiss } from '@/shared/lib/useDropdownDismiss';
import { usePartnerSettings } from '@/shared/lib/runMode';
import { useSession } from '@/shared/session';
import { paths } from '../paths';
import { ChevronIcon } from './icons';
import styles from './AccountMenu.module.css';

// The auth and profiles areas stay out of the entry bundle: the logout control and the
// profile list load with the open menu.
const LogoutButton = lazy(() => import('@/features/auth').then((m) => ({ default: m.LogoutButton })));
const ProfileSwitchList = lazy(() => import('@/features/profiles').then((m) => ({ default: m.ProfileSwitchList })));
// The balance is the account area's (its query, refreshed with the payment screens).
const BalanceLine = lazy(() => import('@/features/account').then((m) => ({ default: m.BalanceLine })));

/**
 * The settings dropdown (disclosure pattern): name or phone and the balance (read when
 * the menu opens), the profiles (a click switches, the PIN when asked), profile
 * management, settings, personal account, parental control, the promo code (when the
 * operator has them), log out with confirmation.
 * Its button takes the focus back when a modal opened from the menu closes.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { profile, token } = useSession();
  const user = useCurrentUser().data;
  const { promocodes_enabled } = useConfiguration();
  // Spec: "log out" is hidden for partners whose app owns the session (an operator setting).
  const partner = usePartnerSettings();
  const modals = useModalNavigation();
  const modalState = useModalPageState();
  const phoneMask = parseMask(useNetwork().data?.phone_mask);
  const phone = user?.phone ? displayPhone(user.phone, phoneMask) : '';
  const who = user?.first_name || phone || user?.username || t('header.guest');

  const closeMenu = () => setOpen(false);
  useDropdownDismiss(open, wrapRef, closeMenu, () => triggerRef.current);
  const afterSwitch = () => {
    closeMenu();
    triggerRef.current?.focus();
  };

  return (
    <div className={styles.wrap} ref={wrapRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('header.accountMenu')}
        data-focus-return=""
        onClick={() => setOpen((v) => !v)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {profile?.icon ? <img src={profile.icon} alt="" /> : (profile?.name ?? who).slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{profile?.name ?? who}</span>
        <ChevronIcon />
      </button>
      {open && (
        <div id={panelId} className={styles.panel}>
          <div className={styles.who}>
            {who}
            {user?.first_name && phone && <small dir="ltr">{phone}</small>}
            {token && (
              <Suspense fallback={null}>
                <BalanceLine />
              </Suspense>
            )}
          </div>
          <Suspense fallback={null}>
            <ProfileSwitchList onDone={afterSwitch} />
          </Suspense>
          <ul onClick={(e) => (e.target as HTMLElement).closest('a') && closeMenu()}>
            <li>
              <Link to={paths.settings('profiles')} state={modalState}>
                {t('profiles.manage')}
              </Link>
            </li>
            <li>
              <Link to={paths.settings()} state={modalState}>
                {t('header.settings')}
              </Link>
            </li>
            <li>
              <Link to={paths.lk()}>{t('header.account')}</Link>
            </li>
            <li>
              <Link to={paths.lkParental()}>{t('header.parental')}</Link>
            </li>
            {promocodes_enabled && (
              <li>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => {
                    closeMenu();
                    modals.open('promocode');
                  }}
                >
                  {t('settings.promocode')}
                </button>
              </li>
            )}
            {!partner.hideLogout && (
              <li className={styles.logout}>
                <Suspense fallback={null}>
                  <LogoutButton onDone={closeMenu} />
                </Suspense>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
