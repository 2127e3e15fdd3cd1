import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useSession } from '@/shared/session';
import { FormError } from '@/shared/ui';
import { profilesQuery } from './api';
import { ProfileAvatar } from './ProfileAvatar';
import { useProfileSwitch } from './useProfileSwitch';
import styles from './ProfileSwitchList.module.css';

/**
 * The account menu's profiles: avatar and name, the active one marked (aria-current). A
 * click switches through useProfileSwitch (adult profiles ask for the PIN when the server
 * wants it); `onDone` runs once the switch is through or the active profile was picked.
 */
export function ProfileSwitchList({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { token, profile } = useSession();
  const { data } = useQuery(profilesQuery(token));
  const switchTo = useProfileSwitch();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function select(p: Profile) {
    if (p.id === profile?.id) return onDone();
    setBusyId(p.id);
    setError(null);
    try {
      if (await switchTo(p)) onDone();
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusyId(null);
    }
  }

  if (!data || data.length === 0) return null;
  return (
    <div className={styles.group}>
      <p id={labelId} className={styles.label}>
        {t('header.profiles')}
      </p>
      <ul aria-labelledby={labelId} className={styles.list}>
        {data.map((p) => {
          const active = p.id === profile?.id;
          return (
            <li key={p.id}>
              <button
                type="button"
                className={styles.item}
                aria-current={active ? 'true' : undefined}
                aria-busy={busyId === p.id || undefined}
                disabled={busyId != null}
                onClick={() => void select(p)}
              >
                <ProfileAvatar profile={p} size="xs" />
                <span className={styles.name}>{p.name}</span>
                {active && (
                  <svg className={styles.check} viewBox="0 0 24 24" aria-hidden="true">
                    <path d="m5 12.5 4.5 4.5L19 7.5" />
                  </svg>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <FormError message={error} />
    </div>
  );
}
