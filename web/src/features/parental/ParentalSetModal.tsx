import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, useCurrentUser, userKeys, type User } from '@/shared/api';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Modal, Spinner } from '@/shared/ui';
import { pinsMatch } from './pin';
import { isPinLocked, isWrongPin, pinErrorMessage } from './pinErrors';
import { PinInput } from './PinInput';
import styles from './Parental.module.css';

type Step = 'current' | 'enter' | 'repeat';

/**
 * #parental_set: PIN setting in two steps, enter then repeat (spec 4 "Parental PIN").
 * Changing a PIN that is set asks for the current one first. The PINs live in this
 * component's state only and are gone when it closes.
 */
export function ParentalSetModal({ onClose }: HashModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useCurrentUser();
  const changing = user?.parental_status === 'set';
  const [step, setStep] = useState<Step | null>(null);
  const [current, setCurrent] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const active: Step = step ?? (changing ? 'current' : 'enter');

  async function save(pin: string) {
    setSaving(true);
    try {
      const body: Record<string, string> = { parental_code: pin };
      if (changing) body.current_parental_code = current;
      const next = await apiFetch<User>('/users/self', { method: 'PATCH', body });
      queryClient.setQueriesData({ queryKey: userKeys.all }, next);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onClose?.();
    } catch (err) {
      setSaving(false);
      setFirst('');
      setSecond('');
      setError(pinErrorMessage(t, err));
      if (isWrongPin(err) || isPinLocked(err)) {
        setCurrent('');
        setStep('current');
      } else {
        setStep('enter');
      }
    }
  }

  function onRepeat(pin: string) {
    if (!pinsMatch(first, pin)) {
      setError(t('parental.notEqual'));
      setSecond('');
      return;
    }
    void save(pin);
  }

  const stepNumber = changing ? { current: 1, enter: 2, repeat: 3 }[active] : { current: 1, enter: 1, repeat: 2 }[active];
  const stepCount = changing ? 3 : 2;

  return (
    <Modal title={changing ? t('parental.changeTitle') : t('parental.setTitle')} onClose={onClose} name="parental_set">
      {isPending ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <>
          <p className={styles.steps}>{t('parental.step', { step: stepNumber, total: stepCount })}</p>
          {active === 'current' && (
            <PinInput
              key="current"
              label={t('parental.currentPin')}
              value={current}
              onChange={setCurrent}
              onComplete={() => {
                setError(null);
                setStep('enter');
              }}
              error={error}
            />
          )}
          {active === 'enter' && (
            <PinInput
              key="enter"
              label={t('parental.setEnter')}
              value={first}
              onChange={setFirst}
              onComplete={() => {
                setError(null);
                setStep('repeat');
              }}
              error={error}
            />
          )}
          {active === 'repeat' && (
            <PinInput key="repeat" label={t('parental.setRepeat')} value={second} onChange={setSecond} onComplete={onRepeat} error={error} disabled={saving} />
          )}
          {active === 'repeat' && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                setFirst('');
                setSecond('');
                setError(null);
                setStep('enter');
              }}
            >
              {t('parental.startOver')}
            </button>
          )}
        </>
      )}
    </Modal>
  );
}
