import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@/shared/api';
import { ProfileAvatar } from './ProfileAvatar';
import styles from './Profiles.module.css';

/** The profile picker grid: avatar and name, the active profile marked; an optional last tile. */
export function ProfileTiles({
  profiles,
  activeId,
  busyId,
  onSelect,
  extra,
}: {
  profiles: Profile[];
  activeId: number | null;
  busyId?: number | null;
  onSelect: (profile: Profile) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.tiles}>
      {profiles.map((p) => {
        const active = p.id === activeId;
        return (
          <li key={p.id}>
            <button
              type="button"
              className={`${styles.tile} ${active ? styles.active : ''}`}
              aria-current={active ? 'true' : undefined}
              aria-busy={busyId === p.id || undefined}
              disabled={busyId != null}
              onClick={() => onSelect(p)}
            >
              <ProfileAvatar profile={p} />
              <span className={styles.tileName}>{p.name}</span>
              <span className={styles.tileRole}>
                {active ? t('profiles.current') : p.role === 'child' ? t('profiles.child') : t('profiles.adult')}
              </span>
            </button>
          </li>
        );
      })}
      {extra && <li>{extra}</li>}
    </ul>
  );
}
