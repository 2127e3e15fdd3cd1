import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSupportContacts } from '@/shared/api';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, Modal, SupportContactItems } from '@/shared/ui';
import { confirmOffer, confirmSubscribe, newIdempotencyKey, type ConfirmData } from '../flow';
import { cancelPlanned, disableRenewal } from '../subscriptionActions';
import { useDateText, useMoney, usePeriodText } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/**
 * #confirm: the confirmations of the purchase flow (spec 4): payment not allowed for the
 * account, 'already bought' with a watch button, a subscription or a film paid from the
 * balance, and renewal off / a planned packet cancelled.
 */
export function ConfirmModal({ onClose, data }: HashModalProps) {
  const c = data as ConfirmData | undefined;
  if (!c) return <StaleModal name="confirm" onClose={onClose} />;
  switch (c.kind) {
    case 'not_allowed':
      return <NotAllowed onClose={onClose} />;
    case 'owned':
      return <Owned data={c} onClose={onClose} />;
    case 'subscribe':
    case 'offer':
      return <PayFromBalance data={c} onClose={onClose} />;
    case 'disable_renew':
    case 'cancel_future':
      return <SubscriptionChange data={c} onClose={onClose} />;
  }
}

function NotAllowed({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const support = useSupportContacts();
  return (
    <Modal title={t('payments.notAllowedTitle')} onClose={onClose} name="confirm">
      <p className={styles.text}>{t('payments.notAllowedText')}</p>
      {support && (
        <ul className={styles.support}>
          <SupportContactItems support={support} />
        </ul>
      )}
      <div className={styles.actions}>
        <Button onClick={onClose}>{t('payments.ok')}</Button>
      </div>
    </Modal>
  );
}

function Owned({ data, onClose }: { data: Extract<ConfirmData, { kind: 'owned' }>; onClose?: () => void }) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const navigate = useNavigate();
  const p = data.purchase;
  const playAfter = p.kind === 'packet' ? p.playAfter : p.kind === 'offer' ? p.contentId : undefined;
  const name = p.kind === 'refill' ? '' : p.name;
  return (
    <Modal title={t('payments.ownedTitle')} onClose={onClose} name="confirm">
      <p className={styles.text}>{t('payments.ownedText', { name })}</p>
      <div className={styles.actions}>
        <Button onClick={() => (playAfter ? d.play(playAfter) : navigate('/channels'))}>{t('payments.watch')}</Button>
        <Button variant="secondary" onClick={onClose}>
          {t('app.close')}
        </Button>
      </div>
    </Modal>
  );
}

function PayFromBalance({ data, onClose }: { data: Extract<ConfirmData, { kind: 'subscribe' | 'offer' }>; onClose?: () => void }) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const period = usePeriodText();
  const [busy, setBusy] = useState(false);
  // One key per confirmation: a double click or a retry is charged once.
  const key = useRef(newIdempotencyKey());

  const price = data.amount !== null && data.currency ? money(data.amount, data.currency) : null;
  let text: string;
  if (data.kind === 'subscribe') {
    const args = { name: data.purchase.name, period: period(data.period), price: price ?? '' };
    text = data.amount === 0 ? t('payments.confirmFree', args) : data.trial ? t('payments.confirmTrial', args) : t('payments.confirmSubscribe', args);
  } else {
    text = price ? t('payments.confirmOffer', { name: data.purchase.name, price }) : t('payments.confirmOfferNoPrice', { name: data.purchase.name });
  }

  const confirm = async () => {
    setBusy(true);
    try {
      if (data.kind === 'subscribe') await confirmSubscribe(d, data.purchase, key.current);
      else await confirmOffer(d, data.purchase, key.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.confirmTitle')} onClose={onClose} name="confirm">
      <p className={styles.lead}>{text}</p>
      {data.currency && <p className={styles.text}>{t('payments.balanceLine', { amount: money(data.balance, data.currency) })}</p>}
      <div className={styles.actions}>
        <Button onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {data.amount === 0 || (data.kind === 'subscribe' && data.trial) ? t('payments.confirmButton') : t('payments.payButton', { price: price ?? '' })}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('app.cancel')}
        </Button>
      </div>
    </Modal>
  );
}

function SubscriptionChange({ data, onClose }: { data: Extract<ConfirmData, { kind: 'disable_renew' | 'cancel_future' }>; onClose?: () => void }) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const date = useDateText();
  const [busy, setBusy] = useState(false);
  const disable = data.kind === 'disable_renew';
  const run = async () => {
    setBusy(true);
    try {
      if (disable) await disableRenewal(d, data.subscriptionId);
      else await cancelPlanned(d, data.subscriptionId);
    } finally {
      setBusy(false);
    }
  };
  const text = disable
    ? data.endAt > 0
      ? t('payments.disableText', { name: data.name, date: date(data.endAt) })
      : t('payments.disableTextNoDate', { name: data.name })
    : t('payments.cancelFutureText', { name: data.name });
  return (
    <Modal title={disable ? t('payments.disableTitle') : t('payments.cancelFutureTitle')} onClose={onClose} name="confirm">
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <Button onClick={() => void run()} disabled={busy}>
          {disable ? t('payments.disableConfirm') : t('payments.cancelFutureConfirm')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('app.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
