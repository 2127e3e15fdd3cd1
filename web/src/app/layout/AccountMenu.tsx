import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch, useCurrentUser, useNetwork, type Balance } from '@/shared/api';
import { formatMoney } from '@/shared/lib/money';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { displayPhone, parseMask } from '@/shared/lib/phoneMask';
import { useDropdownDismiss } from '@/shared/lib/useDropdownDismiss';
import { useSession } from '@/shared/session';
import { paths } from '../paths';
import { ChevronIcon } from './icons';
import styles from './AccountMenu.module.css';

// The auth and profiles areas stay out of the entry bundle: the logout control and the
// profile list load with the open menu.
const LogoutButton = lazy(() => import('@/features/auth').then((m) => ({ default: m.LogoutButton })));
const ProfileSwitchList = lazy(() => import('@/features/profiles').then((m) => ({ default: m.ProfileSwitchList })));

/**
 * The settings dropdown (disclosure pattern): name or phone and the balance (read when
 * the menu opens), the profiles (a click switches, the PIN when asked), profile
 * management, settings, personal account, parental control, log out with confirmation.
 * Its button takes the focus back when a modal opened from the menu closes.
 */
export function AccountMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { profile, token } = useSession();
  const user = useCurrentUser().data;
  const balance = useQuery({
    queryKey: ['balance', token],
    queryFn: ({ signal }) => apiFetch<Balance>('/users/self/balance', { signal }),
    enabled: open && !!token,
    staleTime: 30_000,
  }).data;
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
            {balance && (
              <small>
                {t('settings.balance')}: <strong>{formatMoney(balance.balance, balance.currency, i18n.language)}</strong>
              </small>
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
            <li className={styles.logout}>
              <Suspense fallback={null}>
                <LogoutButton onDone={closeMenu} />
              </Suspense>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
