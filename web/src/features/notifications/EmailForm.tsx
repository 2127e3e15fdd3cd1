import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CANCELLED, usePinPassCall } from '@/features/parental';
import { isApiError, userKeys } from '@/shared/api';
import { isStandardEmail, nextEmailValue } from '@/shared/lib/email';
import { errorMessage } from '@/shared/lib/errorMessage';
import { Button, Field, FormError, Modal } from '@/shared/ui';
import { saveEmail } from './api';
import styles from './Notifications.module.css';

/**
 * The e-mail notice's form (spec 5): Cyrillic and punycode input is ignored, an address
 * off the standard pattern gets the error style and nothing is sent; a duplicate address
 * (400 duplicate_email) shows a modal titled 'error' with error_duplicate_email.
 */
export function EmailForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pinPassCall = usePinPassCall();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isStandardEmail(email)) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      // Account data is behind the PIN (action settings) when the device says so.
      const user = await pinPassCall('settings', () => saveEmail(email.trim()));
      if (user === PIN_CANCELLED) return;
      queryClient.setQueriesData({ queryKey: userKeys.all }, user);
      onSaved();
    } catch (err) {
      if (isApiError(err) && err.type === 'duplicate_email') setDuplicate(true);
      else setError(errorMessage(t, err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label={t('notifications.email.label')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        maxLength={254}
        onChange={(e) => {
          setEmail((prev) => nextEmailValue(prev, e.target.value));
          setInvalid(false);
        }}
        error={invalid ? t('notifications.email.invalid') : null}
      />
      <FormError message={error} />
      <Button type="submit" size="small" disabled={saving}>
        {t('notifications.email.save')}
      </Button>
      {duplicate && (
        <Modal title={t('errors.title')} onClose={() => setDuplicate(false)} name="message">
          <p>{t('errors.duplicateEmail')}</p>
          <Button onClick={() => setDuplicate(false)}>{t('app.close')}</Button>
        </Modal>
      )}
    </form>
  );
}
