import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ParentalSettingsSection } from '@/features/parental';
import { useCurrentUser } from '@/shared/api';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Spinner } from '@/shared/ui';
import { formatMoney } from '@/shared/lib/money';
import { accountsQuery } from './api';
import styles from './Lk.module.css';

/** /lk: the personal account page (logged-in users; guests get #auth and come back). */
export function LkPage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const modalState = useModalPageState();
  const { data: user, isPending } = useCurrentUser();
  const accounts = useQuery(accountsQuery(token)).data;
  const links = [
    ['account', '/settings/account'],
    ['profiles', '/settings/profiles'],
    ['devices', '/settings/devices'],
    ['subscriptions', '/settings/subscriptions'],
    ['language', '/settings/language/interface'],
    ['info', '/settings/info'],
  ] as const;

  return (
    <section aria-labelledby="lk-title" className={styles.page}>
      <h1 id="lk-title">{t('settings.lkTitle')}</h1>
      {isPending || !user ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <div className={styles.grid}>
          <div className={styles.card}>
            <p className={styles.name}>{user.first_name || (user.phone ? `+${user.phone}` : user.username)}</p>
            {user.phone && <p className={styles.muted}>+{user.phone}</p>}
            {user.email && <p className={styles.muted}>{user.email}</p>}
            {accounts && accounts.length > 0 && (
              <p>
                {t('settings.balance')}: <strong>{formatMoney(accounts.reduce((s, a) => s + a.balance, 0), accounts[0]!.currency, i18n.language)}</strong>
              </p>
            )}
          </div>
          <nav aria-label={t('settings.sectionsLabel')} className={styles.links}>
            {links.map(([key, to]) => (
              <Link key={key} to={to} state={modalState} className={styles.link}>
                {t(`settings.${key}`)}
              </Link>
            ))}
            <Link to="/lk_parental" className={styles.link}>
              {t('settings.parental')}
            </Link>
          </nav>
        </div>
      )}
    </section>
  );
}

/** /lk_parental: the parental settings of the personal account. */
export function LkParentalPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="lk-parental-title" className={styles.page}>
      <p>
        <Link to="/lk">← {t('settings.lkTitle')}</Link>
      </p>
      <h1 id="lk-parental-title">{t('settings.lkParentalTitle')}</h1>
      <ParentalSettingsSection />
    </section>
  );
}
