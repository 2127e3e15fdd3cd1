import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '@/shared/session';
import { Badge, Button, FormError, Spinner } from '@/shared/ui';
import { profilesQuery } from './api';
import { NewProfileForm } from './NewProfileForm';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileEditor } from './ProfileEditor';
import { canAddProfile, MAX_PROFILES } from './rules';
import styles from './Profiles.module.css';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number };

/** Settings -> profile management: the list, one profile's editor and the new-profile form. */
export function ProfileManager() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { token, profile: active } = useSession();
  const { data: profiles, isPending, isError } = useQuery(profilesQuery(token));
  const [view, setView] = useState<View>(params.get('new') === '1' ? { kind: 'new' } : { kind: 'list' });
  const toList = () => setView({ kind: 'list' });

  if (isPending) return <Spinner label={t('app.loading')} />;
  if (isError || !profiles) return <FormError message={t('errors.unknown')} />;
  const canAdd = canAddProfile(profiles.length);

  if (view.kind === 'new' && canAdd) return <NewProfileForm onDone={toList} />;
  if (view.kind === 'edit') {
    const editing = profiles.find((p) => p.id === view.id);
    if (editing) return <ProfileEditor profile={editing} isActive={editing.id === active?.id} onBack={toList} />;
  }

  return (
    <div className={styles.manager}>
      <ul className={styles.rows} aria-label={t('profiles.listLabel')}>
        {profiles.map((p) => (
          <li key={p.id} className={styles.row}>
            <ProfileAvatar profile={p} size="sm" />
            <span className={styles.rowText}>
              <strong>{p.name}</strong>
              <span>{p.role === 'child' ? t('profiles.child') : t('profiles.adult')}</span>
            </span>
            {p.id === active?.id && <Badge>{t('profiles.current')}</Badge>}
            <Button variant="secondary" size="small" onClick={() => setView({ kind: 'edit', id: p.id })} aria-label={t('profiles.editNamed', { name: p.name })}>
              {t('profiles.edit')}
            </Button>
          </li>
        ))}
      </ul>
      {canAdd ? (
        <Button onClick={() => setView({ kind: 'new' })}>{t('profiles.add')}</Button>
      ) : (
        <p className={styles.limit}>{t('profiles.limit', { max: MAX_PROFILES })}</p>
      )}
    </div>
  );
}
