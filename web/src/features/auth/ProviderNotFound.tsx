import { useTranslation } from 'react-i18next';
import type { NetworkInfo } from '@/shared/api';
import { Button, Modal } from '@/shared/ui';
import styles from './AuthModal.module.css';

/** Spec 8: no operator serves this network: the default sign-in title and description, and a close button. */
export function ProviderNotFound({ network, onClose }: { network: NetworkInfo; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={network.default.title || t('auth.title')} onClose={onClose} name="auth">
      <p className={styles.lead}>{network.default.description || t('auth.noProvider')}</p>
      {onClose && (
        <Button onClick={onClose} className={styles.wide} data-autofocus>
          {t('app.close')}
        </Button>
      )}
    </Modal>
  );
}
