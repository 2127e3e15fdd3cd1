import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { ButtonAnchor, Modal, Spinner } from '@/shared/ui';
import { balanceQuery } from '../api';
import { newIdempotencyKey } from '../flow';
import { startPhonePayment, qrImageSrc } from '../payCalls';
import type { Transaction } from '../types';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { usePaySystems } from '../usePaySystems';
import { AmountForm } from './AmountForm';
import { TestPaymentNote } from './TestPaymentNote';
import { TransactionOutcome } from './TransactionOutcome';
import styles from './Payments.module.css';

/** What #block_alma hands over: the amount the contract owes (minor units), if any. */
export interface PayQrAlmaData {
  amount?: number;
}

/**
 * #pay_qr_alma: an Alma-flow subscriber tops up the contract on their phone. The amount
 * starts at what the contract owes; the QR code opens the gateway's card page on the phone
 * (or here, by the link) and this dialog waits for the payment like every other.
 */
export function PayQrAlmaModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const { token } = useSession();
  const balance = useQuery(balanceQuery(token));
  const systems = usePaySystems();
  const owed = (data as PayQrAlmaData | undefined)?.amount ?? 0;
  const [tx, setTx] = useState<Transaction | null>(null);
  const key = useRef(newIdempotencyKey());
  // The card page of the operator: the one a phone can open from the code.
  const page = systems.list.find((ps) => ps.kind === 'short_url' || ps.payforms.includes('short_url'));
  const currency = balance.data?.currency;

  const pay = async (amount: number) => {
    if (!page || !currency) return;
    const created = await startPhonePayment(d, { purchase: { kind: 'refill' }, amount, currency, paysystem: page.shortname, title: page.title, isTest: page.is_test }, key.current);
    if (created) setTx(created);
    else onClose?.();
  };

  const loading = balance.isPending || systems.isPending;
  const src = tx ? qrImageSrc(tx.qrcode_url, token, window.location.origin) : '';
  return (
    <Modal title={t('payments.qrAlmaTitle')} onClose={onClose} name="pay_qr_alma">
      {page?.is_test && <TestPaymentNote />}
      {loading ? (
        <Spinner label={t('app.loading')} />
      ) : tx ? (
        <>
          <span className={styles.amount}>{money(tx.amount, tx.currency)}</span>
          <div className={styles.qr}>
            {src && <img src={src} alt={t('payments.qrAlt', { amount: money(tx.amount, tx.currency) })} width={240} height={240} />}
            <p className={styles.text}>{t('payments.qrAlmaText')}</p>
            {tx.full_url && (
              <ButtonAnchor href={tx.full_url} variant="secondary" target="_blank" rel="noopener noreferrer">
                {t('payments.qrAlmaHere')}
              </ButtonAnchor>
            )}
          </div>
          <TransactionOutcome transactionId={tx.id} purchase={{ kind: 'refill' }} />
        </>
      ) : (
        <AmountForm
          balance={balance.data}
          currency={currency}
          start={owed}
          submitLabel={t('payments.qrAlmaShow')}
          problem={systems.error ? errorMessage(t, systems.error) : null}
          blocked={!page}
          onSubmit={pay}
          onCancel={onClose}
        >
          {!page && <p className={styles.text}>{t('payments.noPaysystems')}</p>}
        </AmountForm>
      )}
    </Modal>
  );
}
