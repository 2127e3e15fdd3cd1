import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { useAction } from '../ui/useAction';
import { removeLogo, settingsKeys, uploadLogo, type OperatorSettings } from './api';
import local from './settings.module.css';

/** The operator's logo: the uploaded picture or the built-in one; upload and remove. */
export function LogoPanel({ settings }: { settings: OperatorSettings }) {
  const { t, i18n } = useTranslation('operator-settings');
  const session = useStaffSession();
  const client = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), file: useId() };
  const { pending, status, error, setError, run: act } = useAction();

  const run = (action: () => Promise<OperatorSettings>, done: string) =>
    act(async () => {
      const answer = await action();
      client.setQueryData(settingsKeys.settings(), (old: OperatorSettings | undefined) => (old ? { ...old, logo_url: answer.logo_url } : answer));
      if (file.current) file.current.value = '';
    }, done);

  const upload = () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setError(t('logo.chooseFile'));
      return;
    }
    void run(() => uploadLogo(chosen, session.csrf_token, i18n.language), t('logo.uploaded'));
  };

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('logo.title')}</h2>
      <div className={local.logoRow}>
        {settings.logo_url ? (
          <img className={local.logo} src={settings.logo_url} alt={t('logo.current')} />
        ) : (
          <p className={`${styles.muted} ${styles.small}`}>{t('logo.none')}</p>
        )}
        <div className={styles.control}>
          <label htmlFor={ids.file} className={styles.label}>
            {t('logo.file')}
          </label>
          <input
            ref={file}
            id={ids.file}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={`${ids.file}-hint`}
          />
          <span id={`${ids.file}-hint`} className={styles.hint}>
            {t('logo.fileHint')}
          </span>
        </div>
        <div className={styles.actions}>
          <Button type="button" size="small" aria-disabled={pending || undefined} onClick={() => !pending && upload()}>
            {t('logo.upload')}
          </Button>
          {settings.logo_url && (
            <Button type="button" size="small" variant="secondary" aria-disabled={pending || undefined} onClick={() => !pending && void run(removeLogo, t('logo.removed'))}>
              {t('logo.remove')}
            </Button>
          )}
        </div>
      </div>
      <p role="status" className={styles.note}>
        {status}
      </p>
      {error && (
        <p className={`${styles.errorText} ${styles.small}`} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
