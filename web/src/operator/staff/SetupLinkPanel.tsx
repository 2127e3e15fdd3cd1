import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { StaffInvite } from '../api/types';
import styles from '../ui/console.module.css';
import { CopyButton } from '../ui/CopyButton';
import { absoluteUrl, formatDateTime } from '../ui/format';
import { StepHeading } from '../ui/Heading';

/** A one-time set-up link just made: shown once, to copy and send to the member. */
export function SetupLinkPanel({ invite, onClose }: { invite: StaffInvite; onClose: () => void }) {
  const { t, i18n } = useTranslation('operator');
  const inputId = useId();
  const url = absoluteUrl(invite.setup_url);
  return (
    <section className={styles.panel} data-kind="success">
      <StepHeading level={2}>{t('staff.linkFor', { email: invite.staff.email })}</StepHeading>
      <div className={styles.linkBox}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('staff.linkLabel')}
        </label>
        <input id={inputId} className={`${styles.input} ${styles.mono}`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={url} />
      </div>
      <p className={`${styles.muted} ${styles.small}`}>
        {t('staff.linkNote', { date: formatDateTime(invite.expires_at, i18n.language) ?? invite.expires_at })}
      </p>
      <div>
        <Button variant="ghost" size="small" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </section>
  );
}
