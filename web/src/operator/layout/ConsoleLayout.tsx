import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/errors';
import { Button } from '@/shared/ui/Button';
import { Spinner } from '@/shared/ui/Spinner';
import { logout } from '../auth/api';
import type { LoginState } from '../auth/LoginPage';
import { paths } from '../paths';
import { useStaffSession } from '../session/StaffContext';
import { errorText } from '../ui/errorText';
import { LanguageSelect } from '../ui/LanguageSelect';
import { visibleMenu } from './menu';
import { OperatorSwitcher } from './OperatorSwitcher';
import styles from './layout.module.css';

/** The frame of the signed-in console: header, the sections the role opens, the page. */
export function ConsoleLayout() {
  const { t } = useTranslation('operator');
  const session = useStaffSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // After moving to another page the focus goes to the page, so a screen reader reads it
  // and Tab starts there instead of in the menu.
  useEffect(() => {
    if (pathname !== shownPath.current) main.current?.focus();
    shownPath.current = pathname;
  }, [pathname]);

  const signOut = useMutation({
    mutationFn: logout,
    onSettled: (_data, error) => {
      if (error && !(isApiError(error) && error.status === 401)) return;
      // The sign-in page drops the session once it shows: dropped here, the guard of this
      // page would send there first, with "come back here" for whoever signs in next.
      const state: LoginState = { signedOut: true };
      navigate(paths.login, { replace: true, state });
    },
  });

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>
          <span className={styles.logo} aria-hidden="true" />
          {t('app.name')}
        </span>
        <OperatorSwitcher />
        <div className={styles.tools}>
          <LanguageSelect />
          <span className={styles.who} title={t('layout.account', { email: session.staff.email })}>
            <span className={styles.email}>{session.staff.email}</span>
            <span className={styles.role}>{t(`roles.${session.staff.role}`)}</span>
          </span>
          <Button variant="secondary" size="small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('layout.signOut')}
          </Button>
        </div>
        {signOut.error && (
          <p className={styles.headerError} role="alert">
            {errorText(t, signOut.error)}
          </p>
        )}
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t('layout.menu')}>
          <ul>
            {visibleMenu(session.permissions).map((entry) => (
              <li key={entry.id}>
                <NavLink to={entry.path} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                  {t(`menu.${entry.id}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" ref={main} tabIndex={-1} className={styles.main}>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
