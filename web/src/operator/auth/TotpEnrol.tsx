import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/Spinner';
import type { StaffLoginAnswer } from '../api/types';
import { keepsSession } from '../session/queryClient';
import { errorText } from '../ui/errorText';
import { groupSecret } from '../ui/format';
import { StepHeading } from '../ui/Heading';
import { CodeForm } from './CodeForm';
import { confirmTotp, startTotpSetup } from './api';
import styles from './auth.module.css';

/**
 * Enrolling an authenticator: the server's new secret (as a key in groups and as the
 * otpauth link), then its first code. During sign-in it runs with the challenge; signed in,
 * without. No QR code is drawn: the client has no QR encoder among its dependencies, and
 * the link opens the app directly on the phone that has it.
 */
export function TotpEnrol({
  challenge,
  onAnswer,
  level = 1,
  extra,
}: {
  challenge?: string;
  onAnswer: (answer: StaffLoginAnswer) => void;
  level?: 1 | 2;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('operator');
  // A query rather than an effect, so a second mount (StrictMode) does not ask for a
  // second secret; it is never refetched and leaves the cache with the form.
  const enrolment = useQuery({
    queryKey: ['operator', 'totp-setup', challenge ?? 'signed-in'],
    queryFn: () => startTotpSetup(challenge),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: keepsSession,
  });

  return (
    <section>
      <StepHeading level={level}>{t('totp.enrolTitle')}</StepHeading>
      <p className={styles.intro}>{t('totp.enrolIntro')}</p>
      {enrolment.isPending && <Spinner label={t('app.loading')} />}
      {enrolment.error && (
        <>
          <p role="alert" className={styles.warning}>
            {errorText(t, enrolment.error)}
          </p>
          <div className={styles.buttons}>{extra}</div>
        </>
      )}
      {enrolment.data && (
        <>
          <ol className={styles.steps}>
            <li>{t('totp.step1')}</li>
            <li>{t('totp.step2')}</li>
          </ol>
          {enrolment.data.qr_png && <img className={styles.qr} src={enrolment.data.qr_png} alt={t('totp.qrAlt')} width={200} height={200} />}
          <dl className={styles.enrolment}>
            <dt className={styles.intro}>{t('totp.secret')}</dt>
            <dd>
              <code className={styles.secret} data-testid="totp-secret">
                {groupSecret(enrolment.data.secret)}
              </code>
            </dd>
            <dt className={styles.intro}>{t('totp.link')}</dt>
            <dd>
              <a className={styles.otpauth} href={enrolment.data.otpauth_url} title={t('totp.openLink')}>
                {enrolment.data.otpauth_url}
              </a>
            </dd>
          </dl>
          <CodeForm
            recovery={false}
            submitLabel={t('login.confirm')}
            send={(code) => confirmTotp(challenge ? { challenge, code } : { code })}
            onAnswer={onAnswer}
            extra={extra}
          />
        </>
      )}
    </section>
  );
}
