import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CANCELLED, useProtectedCall } from '@/features/parental';
import type { Profile } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { setProfile } from '@/shared/session';
import { Badge, Button, Field, FormError, SwitchRow } from '@/shared/ui';
import { AvatarPicker } from './AvatarPicker';
import { deleteProfile, patchProfile, profileKeys, type ProfileChange } from './api';
import { ProfileAvatar } from './ProfileAvatar';
import { normaliseProfileName, PROFILE_NAME_MAX, validateProfileName } from './rules';
import styles from './Profiles.module.css';

/**
 * One profile's editor: name, the child toggle (saved at once), the avatar picker and
 * deletion (not of the active profile). Changing an adult profile asks for the PIN when
 * the server wants it.
 */
export function ProfileEditor({ profile, isActive, onBack }: { profile: Profile; isActive: boolean; onBack: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const protectedCall = useProtectedCall();
  const [name, setName] = useState(profile.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  async function run(work: () => Promise<unknown>, done?: string) {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const result = await work();
      if (result !== PIN_CANCELLED && done) setStatus(done);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  }

  const change = (patch: ProfileChange, done: string) =>
    run(async () => {
      const result = await protectedCall('profile', (code) => patchProfile(profile.id, patch, code));
      if (result !== PIN_CANCELLED && isActive) setProfile(result);
      return result;
    }, done);

  function saveName(e: FormEvent) {
    e.preventDefault();
    const problem = validateProfileName(name);
    if (problem) {
      setNameError(t(`profiles.nameErrors.${problem}`, { max: PROFILE_NAME_MAX }));
      return;
    }
    void change({ name: normaliseProfileName(name) }, t('settings.saved'));
  }

  return (
    <div className={styles.editor}>
      <div className={styles.editorHead}>
        <ProfileAvatar profile={profile} />
        <div>
          <h4 style={{ margin: 0 }}>{profile.name}</h4>
          {isActive && <Badge>{t('profiles.current')}</Badge>}
        </div>
      </div>
      <FormError message={error} />
      {status && (
        <p role="status" className={styles.limit}>
          {status}
        </p>
      )}
      <form className={styles.nameRow} onSubmit={saveName} noValidate>
        <Field
          label={t('profiles.name')}
          value={name}
          maxLength={PROFILE_NAME_MAX}
          required
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={nameError}
        />
        <Button type="submit" disabled={busy || normaliseProfileName(name) === profile.name}>
          {t('settings.save')}
        </Button>
      </form>
      <SwitchRow
        label={t('profiles.childToggle')}
        checked={profile.role === 'child'}
        disabled={busy}
        onChange={(e) => void change({ role: e.target.checked ? 'child' : 'adult' }, t('settings.saved'))}
      />
      <div>
        <Button variant="secondary" aria-expanded={picking} onClick={() => setPicking((v) => !v)}>
          {t('profiles.chooseAvatar')}
        </Button>
      </div>
      {picking && (
        <AvatarPicker
          selectedId={profile.icon_avatar_id}
          disabled={busy}
          onPick={(id) => void change({ icon_avatar_id: id }, t('settings.saved')).then(() => setPicking(false))}
        />
      )}
      <div className={styles.deleteBlock}>
        {isActive ? (
          <>
            <Button variant="secondary" disabled aria-describedby="profile-delete-reason">
              {t('profiles.delete')}
            </Button>
            <p id="profile-delete-reason" className={styles.reason}>
              {t('profiles.cannotDeleteActive')}
            </p>
          </>
        ) : confirmDelete ? (
          <div className={styles.confirm} role="group" aria-label={t('profiles.deleteConfirm', { name: profile.name })}>
            <span>{t('profiles.deleteConfirm', { name: profile.name })}</span>
            <Button
              disabled={busy}
              autoFocus
              onClick={() =>
                void run(async () => {
                  const result = await protectedCall('profile', (code) => deleteProfile(profile.id, code));
                  if (result !== PIN_CANCELLED) onBack();
                  return result;
                })
              }
            >
              {t('profiles.delete')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {t('app.cancel')}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
            {t('profiles.delete')}
          </Button>
        )}
      </div>
      <div>
        <Button variant="ghost" onClick={onBack}>
          {t('app.back')}
        </Button>
      </div>
    </div>
  );
}
