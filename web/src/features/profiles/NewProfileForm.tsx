import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CANCELLED, useProtectedCall } from '@/features/parental';
import { errorMessage } from '@/shared/lib/errorMessage';
import { Button, Field, FormError, SwitchRow } from '@/shared/ui';
import { createProfile, profileKeys } from './api';
import { normaliseProfileName, PROFILE_NAME_MAX, validateProfileName } from './rules';
import styles from './Profiles.module.css';

/** A new profile: name and the child toggle; the server gives it a random avatar. */
export function NewProfileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const protectedCall = useProtectedCall();
  const [name, setName] = useState('');
  const [child, setChild] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateProfileName(name);
    if (problem) {
      setNameError(t(`profiles.nameErrors.${problem}`, { max: PROFILE_NAME_MAX }));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      // An adult profile made from a child profile asks for the PIN (when the server does).
      const made = await protectedCall('profile', (code) => createProfile(normaliseProfileName(name), child ? 'child' : 'adult', code));
      if (made === PIN_CANCELLED) {
        setSaving(false);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onDone();
    } catch (err) {
      setError(errorMessage(t, err));
      setSaving(false);
    }
  }

  return (
    <form className={styles.editor} onSubmit={submit} noValidate aria-labelledby="new-profile-title">
      <h4 id="new-profile-title">{t('profiles.add')}</h4>
      <FormError message={error} />
      <Field
        label={t('profiles.name')}
        value={name}
        maxLength={PROFILE_NAME_MAX}
        autoFocus
        required
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
        error={nameError}
      />
      <SwitchRow label={t('profiles.childToggle')} checked={child} onChange={(e) => setChild(e.target.checked)} />
      <div className={styles.confirm}>
        <Button type="submit" disabled={saving}>
          {t('profiles.create')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('app.cancel')}
        </Button>
      </div>
    </form>
  );
}
