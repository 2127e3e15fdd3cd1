import { useTranslation } from 'react-i18next';
import { useBrandName, useConfiguration } from '@/shared/api';
import { useSession } from '@/shared/session';
import { ButtonLink } from '@/shared/ui';
import { BalanceLine } from './BalanceLine';
import { PaymentSection } from './PaymentSection';
import { SubscriptionsSection } from './SubscriptionsSection';
import styles from './Account.module.css';

/**
 * /account_mobile: the account screens for a mobile app's webview (spec 2 "Account-mobile").
 * The layout shows no header or footer here and analytics are off; the app hands its
 * token in the URL (?access_token=), so a viewer the page does not know is asked to sign in.
 */
export function AccountMobilePage() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const { isLogged } = useSession();
  const { payment_enabled } = useConfiguration();

  return (
    <section className={styles.mobilePage} aria-labelledby="account-mobile-title" data-account-mobile="">
      <p className={styles.muted}>{brand}</p>
      <h1 id="account-mobile-title" className={styles.mobileTitle}>
        {t('modes.accountMobile.title')}
      </h1>
      {isLogged ? (
        <>
          <BalanceLine className={styles.mobileBalance} />
          <section aria-labelledby="account-mobile-subscriptions" className={styles.stack}>
            <h2 id="account-mobile-subscriptions" className={styles.blockTitle}>
              {t('modes.accountMobile.subscriptions')}
            </h2>
            <SubscriptionsSection />
          </section>
          {payment_enabled && (
            <section aria-labelledby="account-mobile-payment" className={styles.stack}>
              <h2 id="account-mobile-payment" className={styles.blockTitle}>
                {t('modes.accountMobile.payment')}
              </h2>
              <PaymentSection />
            </section>
          )}
        </>
      ) : (
        <div className={styles.stack}>
          <p>{t('modes.accountMobile.signInText')}</p>
          <div>
            <ButtonLink to={{ hash: 'auth' }} replace>
              {t('modes.accountMobile.signIn')}
            </ButtonLink>
          </div>
        </div>
      )}
    </section>
  );
}
