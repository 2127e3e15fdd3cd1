import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, Field, FormError, Modal, Spinner } from '@/shared/ui';
import { balanceQuery } from '../api';
import { routePayment } from '../flow';
import { majorText, parseMajorAmount } from '../rules/amount';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { usePaySystems } from '../usePaySystems';
import styles from './Payments.module.css';

/** #refill: top up the balance by an amount through a pay system. Data: `{ amount? }` (minor units) to start from. */
export function RefillModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const { token } = useSession();
  const balance = useQuery(balanceQuery(token));
  const systems = usePaySystems();
  const start = (data as { amount?: number } | undefined)?.amount ?? 0;
  const [text, setText] = useState(majorText(start));
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currency = balance.data?.currency;
  const selected = systems.list.find((p) => p.shortname === chosen) ?? systems.list[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = parseMajorAmount(text);
    if (amount === null) {
      setError(t('payments.refillInvalid'));
      return;
    }
    if (!currency || !selected) return;
    setError(null);
    setBusy(true);
    try {
      await routePayment(d, { purchase: { kind: 'refill' }, amount, currency }, selected);
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const loading = balance.isPending || systems.isPending;
  return (
    <Modal title={t('payments.refillTitle')} onClose={onClose} name="refill">
      {loading ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          {balance.data && <p className={styles.text}>{t('payments.balanceLine', { amount: money(balance.data.balance, balance.data.currency) })}</p>}
          <Field
            label={t('payments.refillAmount', { currency: currency ?? '' })}
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error}
            data-autofocus
          />
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
          <FormError message={systems.error ? errorMessage(t, systems.error) : null} />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || !selected || !currency}>
              {t('payments.continue')}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('app.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
