import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Modal, Spinner } from '@/shared/ui';
import { balanceQuery } from '../api';
import { routePayment } from '../flow';
import { useFlowDeps } from '../useFlow';
import { usePaySystems } from '../usePaySystems';
import { AmountForm } from './AmountForm';
import styles from './Payments.module.css';

/** #refill: top up the balance by an amount through a pay system. Data: `{ amount? }` (minor units) to start from. */
export function RefillModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const { token } = useSession();
  const balance = useQuery(balanceQuery(token));
  const systems = usePaySystems();
  const start = (data as { amount?: number } | undefined)?.amount ?? 0;
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = balance.data?.currency;
  const selected = systems.list.find((p) => p.shortname === chosen) ?? systems.list[0];

  const loading = balance.isPending || systems.isPending;
  return (
    <Modal title={t('payments.refillTitle')} onClose={onClose} name="refill">
      {loading ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <AmountForm
          balance={balance.data}
          currency={currency}
          start={start}
          submitLabel={t('payments.continue')}
          problem={systems.error ? errorMessage(t, systems.error) : null}
          blocked={!selected}
          onSubmit={async (amount) => {
            if (currency && selected) await routePayment(d, { purchase: { kind: 'refill' }, amount, currency }, selected);
          }}
          onCancel={onClose}
        >
          {systems.list.length > 1 && (
            <fieldset className={styles.list}>
              <legend>{t('payments.paysystemsTitle')}</legend>
              {systems.list.map((ps) => (
                <label key={ps.shortname} className={styles.choice}>
                  <input type="radio" name="refill-paysystem" checked={selected?.shortname === ps.shortname} onChange={() => setChosen(ps.shortname)} />
                  <span className={styles.choiceMain}>
                    <span className={styles.choiceTitle}>
                      {ps.title}
                      {ps.is_test && <span className={styles.tag}>{t('payments.testTag')}</span>}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {systems.list.length === 0 && <p className={styles.text}>{t('payments.noPaysystems')}</p>}
        </AmountForm>
      )}
    </Modal>
  );
}
