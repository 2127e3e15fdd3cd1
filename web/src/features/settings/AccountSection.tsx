import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CANCELLED, usePinPassCall } from '@/features/parental';
import { isApiError, userKeys, useCurrentUser, useNetwork, type User } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { formatMoney } from '@/shared/lib/money';
import { displayPhone, parseMask } from '@/shared/lib/phoneMask';
import { useSession } from '@/shared/session';
import { Button, Field, FormError, Modal, Spinner } from '@/shared/ui';
import { nextEmailValue, validateAccount, type AccountErrors } from './accountRules';
import { accountsQuery, patchUser } from './api';
import styles from './Settings.module.css';

/** Settings -> account: first name and e-mail, the balance and the money accounts. */
export function AccountSection() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) return <Spinner label={t('app.loading')} />;
  return (
    <div className={styles.stack}>
      <AccountForm key={user.id} user={user} />
      <Accounts />
    </div>
  );
}

function AccountForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pinPassCall = usePinPassCall();
  const phoneMask = parseMask(useNetwork().data?.phone_mask);
  const [firstName, setFirstName] = useState(user.first_name);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateAccount({ firstName, email });
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      // The account's data is behind the PIN (action settings) when the device says so.
      const next = await pinPassCall('settings', () => patchUser({ first_name: firstName.trim(), email: email.trim() }));
      if (next === PIN_CANCELLED) return;
      queryClient.setQueriesData({ queryKey: userKeys.all }, next);
      setEmail(next.email);
      setSaved(true);
    } catch (err) {
      if (isApiError(err) && err.type === 'duplicate_email') setDuplicate(true);
      else setError(errorMessage(t, err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {user.phone && (
        <p className={styles.muted}>
          {t('settings.phone')}: <span dir="ltr">{displayPhone(user.phone, phoneMask)}</span>
        </p>
      )}
      <Field
        label={t('settings.firstName')}
        value={firstName}
        autoComplete="given-name"
        maxLength={150}
        onChange={(e) => {
          setFirstName(e.target.value);
          setSaved(false);
        }}
      />
      <Field
        label={t('settings.email')}
        type="email"
        value={email}
        autoComplete="email"
        required
        onChange={(e) => {
          setEmail((prev) => nextEmailValue(prev, e.target.value));
          setSaved(false);
        }}
        error={errors.email ? t('settings.required') : null}
      />
      <FormError message={error} />
      {saved && (
        <p role="status" className={styles.success}>
          {t('settings.saved')}
        </p>
      )}
      <div>
        <Button type="submit" disabled={saving}>
          {t('settings.save')}
        </Button>
      </div>
      {duplicate && (
        <Modal title={t('errors.title')} onClose={() => setDuplicate(false)} name="message">
          <p>{t('errors.duplicateEmail')}</p>
          <Button onClick={() => setDuplicate(false)}>{t('app.close')}</Button>
        </Modal>
      )}
    </form>
  );
}

function Accounts() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const { data, isPending, isError } = useQuery(accountsQuery(token));
  if (isPending) return <Spinner label={t('app.loading')} />;
  if (isError) return <FormError message={t('errors.unknown')} />;
  return (
    <section aria-labelledby="accounts-title" className={styles.card}>
      <h4 id="accounts-title" className={styles.cardTitle}>
        {t('settings.balance')}
      </h4>
      {data.length === 0 ? (
        <p className={styles.muted}>{t('settings.noAccounts')}</p>
      ) : (
        <ul className={styles.plainList}>
          {data.map((a) => (
            <li key={a.id} className={styles.accountRow}>
              <span>{t('settings.accountNumber', { id: a.id })}</span>
              <strong>{formatMoney(a.balance, a.currency, i18n.language)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
