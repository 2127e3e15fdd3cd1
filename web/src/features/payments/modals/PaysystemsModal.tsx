import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, FormError, Modal, Spinner } from '@/shared/ui';
import { routePayment } from '../flow';
import type { PaymentStep, PaySystem } from '../types';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { usePaySystems } from '../usePaySystems';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/** #paysystems: how to pay the amount the balance lacks (spec 4 step 6). */
export function PaysystemsModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const step = data as PaymentStep | undefined;
  const systems = usePaySystems(step?.allowed);
  const [busy, setBusy] = useState<string | null>(null);
  if (!step) return <StaleModal name="paysystems" onClose={onClose} />;

  const choose = async (ps: PaySystem) => {
    setBusy(ps.shortname);
    try {
      await routePayment(d, step, ps);
    } catch (e) {
      d.alert(errorMessage(t, e), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal title={t('payments.paysystemsTitle')} onClose={onClose} name="paysystems">
      <p className={styles.lead}>{t('payments.toPay', { amount: money(step.amount, step.currency) })}</p>
      {systems.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : systems.error ? (
        <FormError message={errorMessage(t, systems.error)} />
      ) : systems.list.length === 0 ? (
        <p className={styles.text}>{t('payments.noPaysystems')}</p>
      ) : (
        <ul className={styles.list}>
          {systems.list.map((ps) => (
            <li key={ps.shortname}>
              <button type="button" className={styles.choice} onClick={() => void choose(ps)} disabled={busy !== null} data-paysystem={ps.shortname}>
                <span className={styles.choiceMain}>
                  <span className={styles.choiceTitle}>
                    {ps.title}
                    {ps.is_test && <span className={styles.tag}>{t('payments.testTag')}</span>}
                  </span>
                  {ps.button_text && <span className={styles.choiceNote}>{ps.button_text}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {t('app.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
