import type { Profile } from '@/shared/api';
import styles from './Profiles.module.css';

export function ProfileAvatar({ profile, size = 'md' }: { profile: Pick<Profile, 'icon' | 'name'>; size?: 'xs' | 'sm' | 'md' }) {
  const cls = `${styles.avatar} ${size === 'sm' ? styles.avatarSmall : size === 'xs' ? styles.avatarTiny : ''}`;
  return profile.icon ? (
    <img className={cls} src={profile.icon} alt="" />
  ) : (
    <span className={cls} aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
