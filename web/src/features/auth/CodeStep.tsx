import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, FormError } from '@/shared/ui';
import { isCodeComplete, sanitizeCode } from './code';
import { TelegramHint } from './TelegramHint';
import { useCountdown } from './useCountdown';
import type { PhoneLogin } from './usePhoneLogin';
import { formatPhone, type PhoneMask } from '@/shared/lib/phoneMask';
import styles from './AuthModal.module.css';

/** Step 2: the one-time code, the resend countdown and the way back to the number. */
export function CodeStep({ flow, mask, length }: { flow: PhoneLogin; mask: PhoneMask; length: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const fieldRef = useRef<HTMLDivElement>(null);
  const left = useCountdown(flow.resendAt);
  const complete = isCodeComplete(code, length);
  const showHint = flow.telegram !== null;

  useEffect(() => {
    if (!showHint) fieldRef.current?.querySelector('input')?.focus();
  }, [showHint]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (complete && !flow.pending) void flow.submitCode(code);
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <p className={styles.lead}>{t('auth.code.sentTo', { phone: formatPhone(flow.subscriber, mask) })}</p>
      <FormError message={flow.error} />
      {showHint ? (
        <TelegramHint link={flow.telegram!} phone={flow.phone} onCodeReady={flow.hideTelegram} />
      ) : (
        <>
          <div ref={fieldRef}>
          <Field
            label={t('auth.code.label')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={length}
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.target.value, length))}
            className={styles.codeField}
          />
          </div>
          <p className={styles.hint}>{t('auth.code.lengthHint', { length })}</p>
          <Button type="submit" disabled={!complete || flow.pending} className={styles.wide}>
            {flow.pending ? t('auth.code.checking') : t('auth.code.submit')}
          </Button>
        </>
      )}
      <div className={styles.row}>
        <button type="button" className={styles.link} onClick={flow.changeNumber}>
          {t('auth.code.changeNumber')}
        </button>
        {left > 0 ? (
          <span className={styles.muted}>
            {t('auth.code.resendIn', { count: left })}
          </span>
        ) : (
          <button type="button" className={styles.link} disabled={flow.pending} onClick={() => void flow.resend()}>
            {t('auth.code.resend')}
          </button>
        )}
      </div>
    </form>
  );
}
