import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '@/shared/api';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Modal } from '@/shared/ui';
import { sendPinBySms } from './api';
import { recordPass } from './passStore';
import type { PinAction } from './pin';
import { pinErrorMessage } from './pinErrors';
import { getPinRequest, keepPinRequest, scheduleCancel, settlePinRequest, type PincodeModalData } from './pinRequests';
import { PinInput } from './PinInput';
import styles from './Parental.module.css';

interface ParentalPass {
  valid: boolean;
  pass_until: number;
}

/**
 * #pincode: the PIN check before a protected action. The fourth digit submits. With a
 * request (useAskPin) the requester's call runs with the PIN; without one the PIN is
 * checked by POST /users/self/parental_code/check for `data.action`.
 */
export function PincodeModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const modalData = (data ?? {}) as PincodeModalData;
  const request = getPinRequest(modalData.requestId);
  const action: PinAction = request?.action ?? modalData.action ?? 'parental';
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  // Closing without a right PIN cancels the request.
  useEffect(() => {
    keepPinRequest(modalData.requestId);
    return () => scheduleCancel(modalData.requestId);
  }, [modalData.requestId]);

  async function submit(code: string) {
    setPending(true);
    setError(null);
    try {
      let passUntil: number | null = null;
      if (request?.attempt) {
        passUntil = (await request.attempt(code)) ?? null;
      } else {
        const res = await apiFetch<ParentalPass>('/users/self/parental_code/check', { method: 'POST', body: { code, action } });
        passUntil = res.pass_until;
      }
      recordPass(action, passUntil);
      settlePinRequest(modalData.requestId, true);
      onClose?.();
    } catch (err) {
      setError(pinErrorMessage(t, err));
      setPin('');
      setPending(false);
    }
  }

  async function resend() {
    setError(null);
    try {
      const res = await sendPinBySms();
      setSent(res.message || t('parental.sent'));
    } catch (err) {
      setSent(null);
      setError(pinErrorMessage(t, err));
    }
  }

  return (
    <Modal title={t('parental.pincodeTitle')} onClose={onClose} name="pincode">
      <PinInput
        label={t('parental.pincodeLabel')}
        value={pin}
        onChange={(next) => {
          setPin(next);
          if (next) setError(null);
        }}
        onComplete={(code) => void submit(code)}
        error={error}
        disabled={pending}
      />
      {sent && (
        <p className={styles.status} role="status">
          {sent}
        </p>
      )}
      <button type="button" className={styles.linkButton} onClick={() => void resend()}>
        {t('parental.forgot')}
      </button>
    </Modal>
  );
}
