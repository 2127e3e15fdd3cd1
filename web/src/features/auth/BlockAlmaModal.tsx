import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfiguration, useCurrentUser } from '@/shared/api';
import { useModalNavigation, type HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, Modal, Spinner } from '@/shared/ui';
import { authErrorMessage } from './authErrors';
import { almaStatusBlock } from './api';
import styles from './AuthModal.module.css';

/** #block_alma: the Alma subscriber's balance and block status (GET /v2/mw/status_block). */
export function BlockAlmaModal({ onClose }: HashModalProps) {
  const { t, i18n } = useTranslation();
  const currency = useCurrentUser().data?.provider?.currency.ISO_CODE;
  const { payment_enabled } = useConfiguration();
  const { open } = useModalNavigation();
  const q = useQuery({ queryKey: ['alma', 'status_block'], queryFn: ({ signal }) => almaStatusBlock(signal), staleTime: 3_000 });

  const money = (minor: number) => {
    const value = minor / 100;
    try {
      return currency ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(value) : value.toFixed(2);
    } catch {
      return value.toFixed(2);
    }
  };

  return (
    <Modal title={t('auth.block.title')} onClose={onClose} name="block_alma">
      {q.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : q.isError ? (
        <div role="alert">
          <p className={styles.lead}>{authErrorMessage(t, q.error)}</p>
          <Button variant="secondary" onClick={() => void q.refetch()}>
            {t('auth.retry')}
          </Button>
        </div>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>{t('auth.block.status')}</dt>
            <dd className={q.data.status === 'blocked' ? styles.blocked : styles.active}>
              {q.data.status === 'blocked' ? t('auth.block.blocked') : t('auth.block.active')}
            </dd>
            <dt>{t('auth.block.balance')}</dt>
            <dd>{money(q.data.balance)}</dd>
            {q.data.amount > 0 && (
              <>
                <dt>{t('auth.block.amount')}</dt>
                <dd>{money(q.data.amount)}</dd>
              </>
            )}
          </dl>
          {q.data.message_detail && <p className={styles.lead}>{q.data.message_detail}</p>}
          {payment_enabled && (
            // What the contract owes, paid on the phone by a QR code (#pay_qr_alma).
            <Button onClick={() => open('pay_qr_alma', { amount: q.data.amount })} className={styles.wide}>
              {t('auth.block.payQr')}
            </Button>
          )}
          {onClose && (
            <Button variant={payment_enabled ? 'secondary' : undefined} onClick={onClose} className={styles.wide}>
              {t('app.close')}
            </Button>
          )}
        </>
      )}
    </Modal>
  );
}
