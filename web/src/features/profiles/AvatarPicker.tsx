import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, FormError, Spinner } from '@/shared/ui';
import { avatarCategoriesQuery } from './api';
import styles from './Profiles.module.css';

/** Avatars grouped by their category titles; the chosen one is pressed. */
export function AvatarPicker({ selectedId, onPick, disabled }: { selectedId: number; onPick: (id: number) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(avatarCategoriesQuery(i18n.language));
  if (isPending) return <Spinner label={t('app.loading')} />;
  if (isError)
    return (
      <>
        <FormError message={t('errors.unknown')} />
        <Button variant="secondary" size="small" onClick={() => void refetch()}>
          {t('boot.retry')}
        </Button>
      </>
    );
  return (
    <div>
      {data.map((category) => (
        <fieldset key={category.title} className={styles.category}>
          <legend>{category.title}</legend>
          <div className={styles.avatars}>
            {category.avatars.map((a) => (
              <button
                key={a.id}
                type="button"
                className={styles.avatarChoice}
                aria-pressed={a.id === selectedId}
                aria-label={t('profiles.avatarNumber', { id: a.id })}
                disabled={disabled}
                onClick={() => onPick(a.id)}
              >
                <img src={a.src} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
