import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout, requestRestart } from '@/shared/session';
import { Button, Modal } from '@/shared/ui';
import styles from './Settings.module.css';

/** Log out after a confirmation: removes this device, falls back to the guest and restarts. */
export function LogoutAction() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button type="button" className={styles.navButton} onClick={() => setAsking(true)}>
        {t('settings.logout')}
      </button>
      {asking && (
        <Modal title={t('settings.logoutConfirm')} onClose={() => setAsking(false)} name="confirm">
          <div className={styles.confirmButtons}>
            <Button
              disabled={pending}
              onClick={async () => {
                setPending(true);
                await logout();
                await requestRestart();
              }}
            >
              {t('settings.logoutYes')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('app.cancel')}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
