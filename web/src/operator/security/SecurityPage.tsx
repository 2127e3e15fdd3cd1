import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { StaffLoginAnswer } from '../api/types';
import { RecoveryCodes } from '../auth/RecoveryCodes';
import { TotpEnrol } from '../auth/TotpEnrol';
import { consoleKeys } from '../session/session';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { useTitle } from '../ui/useTitle';

type Step = { kind: 'status' } | { kind: 'enrol' } | { kind: 'codes'; codes: string[] } | { kind: 'done' };

/** The staff member's own second factor: its state, enrolling or moving to a new app. */
export default function SecurityPage() {
  const { t } = useTranslation('operator');
  const { staff } = useStaffSession();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  useTitle(t('security.title'));

  const refreshSession = () => client.invalidateQueries({ queryKey: consoleKeys.me });
  const onEnrolled = (answer: StaffLoginAnswer) => {
    if (answer.session) client.setQueryData(consoleKeys.me, answer.session);
    if (answer.recovery_codes?.length) setStep({ kind: 'codes', codes: answer.recovery_codes });
    else {
      setStep({ kind: 'done' });
      void refreshSession();
    }
  };

  return (
    <div className={`${styles.page} ${styles.narrowPage}`}>
      <div className={styles.pageHead}>
        <h1>{t('security.title')}</h1>
      </div>
      <section className={styles.panel} aria-labelledby="security-factor">
        <h2 id="security-factor">{t('security.factor')}</h2>
        <p>
          <span className={styles.pill} data-tone={staff.totp_enabled ? 'good' : staff.totp_required ? 'warn' : undefined}>
            {staff.totp_enabled ? t('staff.totpOn') : staff.totp_required ? t('staff.totpMissing') : t('staff.totpOff')}
          </span>{' '}
          {staff.totp_enabled ? t('security.on') : t('security.off')}
        </p>
        {!staff.totp_enabled && staff.totp_required && (
          <p className={styles.notice} data-kind="warning">
            {t('security.required')}
          </p>
        )}
        {step.kind === 'done' && (
          <p className={styles.notice} data-kind="success" role="status">
            {t('security.done')}
          </p>
        )}
        {(step.kind === 'status' || step.kind === 'done') && (
          <div className={styles.actions}>
            <Button size="small" variant={staff.totp_enabled ? 'secondary' : 'primary'} onClick={() => setStep({ kind: 'enrol' })}>
              {staff.totp_enabled ? t('security.replace') : t('security.setUp')}
            </Button>
            {staff.totp_enabled && <span className={`${styles.muted} ${styles.small}`}>{t('security.replaceNote')}</span>}
          </div>
        )}
      </section>
      {step.kind === 'enrol' && (
        <div className={styles.panel}>
          <TotpEnrol
            level={2}
            onAnswer={onEnrolled}
            extra={
              <Button variant="ghost" onClick={() => setStep({ kind: 'status' })}>
                {t('common.cancel')}
              </Button>
            }
          />
        </div>
      )}
      {step.kind === 'codes' && (
        <div className={styles.panel}>
          <RecoveryCodes
            level={2}
            codes={step.codes}
            onDone={() => {
              setStep({ kind: 'done' });
              void refreshSession();
            }}
          />
        </div>
      )}
    </div>
  );
}
