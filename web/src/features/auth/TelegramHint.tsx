import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonAnchor } from '@/shared/ui';
import { otpExists } from './api';
import { TELEGRAM_POLL_MS } from './code';
import styles from './AuthModal.module.css';

/**
 * Codes go through the Telegram bot (send methods list telegram first with a link): the
 * viewer opens the bot; while the hint shows, the code status is polled every 5 s and
 * the code field appears as soon as a code exists.
 */
export function TelegramHint({ link, phone, onCodeReady }: { link: string; phone: string; onCodeReady: () => void }) {
  const { t } = useTranslation();

  useEffect(() => {
    const controller = new AbortController();
    const id = window.setInterval(() => {
      otpExists(phone, controller.signal)
        .then((r) => {
          if (r.otp_exist) onCodeReady();
        })
        .catch(() => undefined);
    }, TELEGRAM_POLL_MS);
    return () => {
      window.clearInterval(id);
      controller.abort();
    };
  }, [phone, onCodeReady]);

  return (
    <div className={styles.telegram} role="status">
      <p>{t('auth.telegram.text')}</p>
      <ButtonAnchor href={link} target="_blank" rel="noopener noreferrer" className={styles.wide}>
        {t('auth.telegram.open')}
      </ButtonAnchor>
      <button type="button" className={styles.link} onClick={onCodeReady}>
        {t('auth.telegram.haveCode')}
      </button>
    </div>
  );
}
