import { useTranslation } from 'react-i18next';
import styles from './Payments.module.css';

/** The sandbox gateway (is_test): no real money moves, and the payment UI says so. */
export function TestPaymentNote() {
  const { t } = useTranslation();
  return (
    <p className={styles.test} data-test-payment="1">
      {t('payments.testPayment')}
    </p>
  );
}
