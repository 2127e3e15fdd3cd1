import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { CopyButton } from '../ui/CopyButton';
import { StepHeading } from '../ui/Heading';
import styles from './auth.module.css';

/** The ten recovery codes, shown once; the staff member says they kept them to go on. */
export function RecoveryCodes({ codes, onDone, level = 1 }: { codes: readonly string[]; onDone: () => void; level?: 1 | 2 }) {
  const { t } = useTranslation('operator');
  return (
    <section>
      <StepHeading level={level}>{t('totp.recoveryTitle')}</StepHeading>
      <p className={styles.warning}>{t('totp.recoveryIntro')}</p>
      <ol className={styles.codes} aria-label={t('totp.recoveryList')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className={styles.buttons}>
        <Button onClick={onDone}>{t('totp.saved')}</Button>
        <CopyButton text={codes.join('\n')} label={t('totp.copyAll')} />
      </div>
    </section>
  );
}
