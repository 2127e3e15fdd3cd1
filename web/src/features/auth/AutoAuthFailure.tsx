import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetViewerQueries, useNetwork } from '@/shared/api';
import { Button, Modal } from '@/shared/ui';
import { runAutoAuth } from './autoAuth';
import { setAutoAuthFailure, type AuthState } from './authStore';
import styles from './AuthModal.module.css';

/** Spec 8: automatic sign-in failed: a title, the text with the support phone and a retry button. */
export function AutoAuthFailure({
  failure,
  onClose,
  onLoggedIn,
}: {
  failure: NonNullable<AuthState['autoAuthFailure']>;
  onClose?: () => void;
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation();
  const network = useNetwork().data;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function retry() {
    if (!network) return;
    setPending(true);
    const ok = await runAutoAuth(network);
    setPending(false);
    if (ok) {
      await resetViewerQueries(queryClient);
      onLoggedIn();
    }
  }

  return (
    <Modal title={t('auth.autoAuth.title')} onClose={onClose} name="auth">
      <p className={styles.lead} role="alert">
        {t('auth.autoAuth.text', { phone: failure.supportPhone })}
      </p>
      {failure.message && <p className={styles.muted}>{failure.message}</p>}
      <Button onClick={() => void retry()} disabled={pending || !network} className={styles.wide} data-autofocus>
        {pending ? t('auth.submitting') : t('auth.autoAuth.retry')}
      </Button>
      <div className={styles.row}>
        <button type="button" className={styles.link} onClick={() => setAutoAuthFailure(null)}>
          {t('auth.autoAuth.otherWay')}
        </button>
      </div>
    </Modal>
  );
}
