import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/shared/ui';
import styles from './Payments.module.css';

/**
 * A payment modal opened without its data (an address typed or shared, history lost):
 * nothing is left to pay here, so it says so instead of showing an empty screen.
 */
type PaymentModal = 'confirm' | 'confirm_period' | 'paysystems' | 'pay_card' | 'pay_redirect' | 'pay_iframe' | 'pay_phone_sms' | 'pay_qr' | 'subscription';

export function StaleModal({ name, onClose }: { name: PaymentModal; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t(`modals.${name}`)} onClose={onClose} name={name}>
      <p className={styles.text}>{t('payments.stale')}</p>
      <div className={styles.actions}>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </div>
    </Modal>
  );
}
