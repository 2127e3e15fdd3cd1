import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profilesQuery, ProfileTiles, showNewProfileTile, useProfileSwitch } from '@/features/profiles';
import { useConfiguration, useCurrentUser } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalNavigation, useModalPageState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, FormError, Spinner } from '@/shared/ui';
import { SupportContacts } from './InfoSection';
import styles from './Settings.module.css';

/** The settings start: profiles, account, promocode (when enabled) and support. */
export function SettingsStart() {
  const { t } = useTranslation();
  const { token, profile } = useSession();
  const { open } = useModalNavigation();
  const modalState = useModalPageState();
  const { promocodes_enabled } = useConfiguration();
  const user = useCurrentUser().data;
  const { data: profiles, isPending } = useQuery(profilesQuery(token));
  const switchTo = useProfileSwitch();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parentalPending = user?.parental_status === 'notset' && user.parental_dialogue !== null;

  return (
    <div className={styles.stack}>
      <section aria-labelledby="start-profiles">
        <h3 id="start-profiles" className={styles.sectionTitle}>
          {t('settings.profiles')}
        </h3>
        <FormError message={error} />
        {isPending ? (
          <Spinner label={t('app.loading')} />
        ) : (
          profiles && (
            <ProfileTiles
              profiles={profiles}
              activeId={profile?.id ?? null}
              busyId={busyId}
              onSelect={async (p) => {
                if (p.id === profile?.id) return;
                setBusyId(p.id);
                setError(null);
                try {
                  await switchTo(p);
                } catch (e) {
                  setError(errorMessage(t, e));
                } finally {
                  setBusyId(null);
                }
              }}
              extra={
                showNewProfileTile(profiles.length, parentalPending) && (
                  <Link to="/settings/profiles?new=1" state={modalState} replace className={styles.newTile}>
                    <span className={styles.newAvatar} aria-hidden="true">
                      +
                    </span>
                    <span>{t('profiles.add')}</span>
                  </Link>
                )
              }
            />
          )
        )}
        {parentalPending && (
          <div className={styles.card}>
            <p className={styles.cardTitle}>{user?.parental_dialogue?.title || t('parental.parentalTitle')}</p>
            <p className={styles.muted}>{user?.parental_dialogue?.message || t('parental.parentalText')}</p>
            <div>
              <Button size="small" onClick={() => open('parental')}>
                {t('parental.setUp')}
              </Button>
            </div>
          </div>
        )}
      </section>
      <div className={styles.cards}>
        <Link to="/settings/account" state={modalState} replace className={styles.linkCard}>
          <strong>{t('settings.account')}</strong>
          <span className={styles.muted}>{user ? user.first_name || (user.phone ? `+${user.phone}` : user.username) : '…'}</span>
        </Link>
        {promocodes_enabled && (
          <button type="button" className={styles.linkCard} onClick={() => open('promocode')}>
            <strong>{t('settings.promocode')}</strong>
            <span className={styles.muted}>{t('settings.promocodeHint')}</span>
          </button>
        )}
      </div>
      <SupportContacts />
    </div>
  );
}
