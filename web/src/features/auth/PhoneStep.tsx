import { useQueryClient } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformKeys } from '@/shared/api';
import { changeLanguage, currentLanguage, isLanguage, LANGUAGE_NAMES, offeredLanguages, waitText, type Language } from '@/shared/i18n';
import { Button, Field, FormError } from '@/shared/ui';
import { formatPhone, subscriberDigits, type PhoneMask } from '@/shared/lib/phoneMask';
import type { PhoneLogin } from './usePhoneLogin';
import { useCountdown } from './useCountdown';
import styles from './AuthModal.module.css';

/** Step 1 of the phone sign-in: the masked phone field and the interface language. */
export function PhoneStep({ flow, mask, languages }: { flow: PhoneLogin; mask: PhoneMask; languages: readonly string[] }) {
  const { t } = useTranslation();
  const wait = useCountdown(flow.blockedUntil);
  const placeholder = mask.mask.replace(/#/g, '_');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (wait > 0 || flow.pending) return;
    void flow.submitPhone();
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <FormError message={flow.error} />
      <Field
        label={t('auth.phone.label')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={placeholder}
        value={formatPhone(flow.subscriber, mask)}
        onChange={(e) => flow.setSubscriber(subscriberDigits(e.target.value, mask))}
        error={flow.phoneError}
        data-autofocus
      />
      {wait > 0 && (
        <p className={styles.notice} role="status">
          {t('auth.phone.rateLimited', { time: waitText(t, wait) })}
        </p>
      )}
      <Button type="submit" disabled={flow.pending || wait > 0} className={styles.wide}>
        {flow.pending ? t('auth.phone.sending') : t('auth.phone.submit')}
      </Button>
      <LanguagePicker languages={languages} />
    </form>
  );
}

/** The interface languages the operator offers (network `languages`). */
function LanguagePicker({ languages }: { languages: readonly string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const current = currentLanguage();
  // Only a choice when the operator offers more than one language.
  if (languages.filter(isLanguage).length < 2) return null;
  const offered = offeredLanguages(languages, current);
  return (
    <div className={styles.language}>
      <label htmlFor={id}>{t('auth.phone.language')}</label>
      <select
        id={id}
        value={current}
        onChange={(e) => {
          if (!isLanguage(e.target.value)) return;
          // The sign-in title and texts of network data come in the request's language.
          void changeLanguage(e.target.value).then(() => queryClient.invalidateQueries({ queryKey: platformKeys.network() }));
        }}
      >
        {offered.map((lng: Language) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
