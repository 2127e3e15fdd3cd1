import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalNavigation, type HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, Modal } from '@/shared/ui';
import { BellIcon } from './BellIcon';
import styles from './Push.module.css';
import { enablePush, pushPermission } from './subscribe';

type Step = 'ask' | 'working' | 'on' | 'blocked' | 'unsupported' | 'failed';

function initialStep(): Step {
  const permission = pushPermission();
  if (permission === 'unsupported') return 'unsupported';
  if (permission === 'denied') return 'blocked';
  return 'ask';
}

/**
 * #push: asks the browser's permission to show notifications and subscribes this device
 * (stored on the server for the signed-in device). A blocked permission can only be
 * changed in the browser, so the modal says where; the outcome is announced.
 */
export default function PushModal({ onClose }: HashModalProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { open } = useModalNavigation();
  const [step, setStep] = useState<Step>(initialStep);

  async function allow() {
    setStep('working');
    try {
      const permission = await enablePush();
      setStep(permission === 'granted' ? 'on' : permission === 'denied' ? 'blocked' : 'ask');
    } catch {
      setStep('failed');
    }
  }

  const text: Record<Step, string> = {
    ask: t('push.text'),
    working: t('push.working'),
    on: t('push.on'),
    blocked: t('push.blocked'),
    unsupported: t('push.unsupported'),
    failed: t('push.failed'),
  };
  const done = step === 'on' || step === 'blocked' || step === 'unsupported';

  return (
    <Modal title={t('push.title')} onClose={onClose} name="push">
      <span className={styles.icon} aria-hidden="true">
        <BellIcon />
      </span>
      <p className={styles.text} role={step === 'ask' ? undefined : 'status'} aria-live="polite">
        {text[step]}
      </p>
      <div className={styles.actions}>
        {!token && !done ? (
          <Button onClick={() => open('auth')}>{t('push.signIn')}</Button>
        ) : step === 'ask' || step === 'working' || step === 'failed' ? (
          <Button onClick={() => void allow()} disabled={step === 'working'} aria-busy={step === 'working'}>
            {step === 'failed' ? t('push.retry') : t('push.allow')}
          </Button>
        ) : null}
        {onClose && (
          <Button variant={done ? 'primary' : 'secondary'} onClick={onClose}>
            {done ? t('push.close') : t('push.later')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
