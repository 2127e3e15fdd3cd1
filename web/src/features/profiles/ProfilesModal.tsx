import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalPageState, type HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { ButtonLink, FormError, Modal, Spinner } from '@/shared/ui';
import { profilesQuery } from './api';
import { ProfileTiles } from './ProfileTiles';
import { useProfileSwitch } from './useProfileSwitch';
import styles from './Profiles.module.css';

/** The #profiles modal: pick the profile that watches now. */
export function ProfilesModal({ onClose }: HashModalProps) {
  const { t } = useTranslation();
  const { token, profile, isLogged } = useSession();
  const { data, isPending, isError } = useQuery(profilesQuery(token));
  const switchTo = useProfileSwitch();
  const modalPageState = useModalPageState();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function select(p: Profile) {
    if (p.id === profile?.id) {
      onClose?.();
      return;
    }
    setBusyId(p.id);
    setError(null);
    try {
      const switched = await switchTo(p);
      // After a PIN entry this modal is gone: #pincode replaced it and closes itself.
      if (switched && mounted.current) onClose?.();
    } catch (e) {
      if (mounted.current) setError(errorMessage(t, e));
    } finally {
      if (mounted.current) setBusyId(null);
    }
  }

  return (
    <Modal title={t('profiles.title')} onClose={onClose} size="md" name="profiles">
      {isPending && token !== null && <Spinner label={t('app.loading')} />}
      {(isError || (data && data.length === 0)) && <p>{t('profiles.empty')}</p>}
      <FormError message={error} />
      {data && data.length > 0 && <ProfileTiles profiles={data} activeId={profile?.id ?? null} busyId={busyId} onSelect={(p) => void select(p)} />}
      {isLogged && (
        <div className={styles.modalFooter}>
          <ButtonLink to="/settings/profiles" state={modalPageState} variant="secondary">
            {t('profiles.manage')}
          </ButtonLink>
        </div>
      )}
    </Modal>
  );
}
