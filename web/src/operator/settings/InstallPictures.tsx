import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { useAction } from '../ui/useAction';
import { installKeys, pictureMarkdown, removeInstallPicture, uploadInstallPicture, type InstallPicture, type InstallSettings } from './installApi';
import local from './settings.module.css';

/** Pictures for the install instructions: upload, the Markdown that shows each, remove. */
export function InstallPictures({ pictures }: { pictures: InstallPicture[] }) {
  const { t, i18n } = useTranslation('operator-settings');
  const session = useStaffSession();
  const client = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), file: useId() };
  const { pending, status, error, setError, run } = useAction();

  const setPictures = (next: (old: InstallPicture[]) => InstallPicture[]) =>
    client.setQueryData(installKeys.all, (old: InstallSettings | undefined) => (old ? { ...old, pictures: next(old.pictures) } : old));

  const upload = () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setError(t('install.pictures.chooseFile'));
      return;
    }
    void run(async () => {
      const p = await uploadInstallPicture(chosen, session.csrf_token, i18n.language);
      setPictures((old) => [...old, p]);
      if (file.current) file.current.value = '';
    }, t('install.pictures.uploaded'));
  };

  const remove = (p: InstallPicture) =>
    void run(async () => {
      await removeInstallPicture(p.id);
      setPictures((old) => old.filter((x) => x.id !== p.id));
    }, t('install.pictures.removed'));

  return (
    <section className={local.installDevice} aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t('install.pictures.title')}</h3>
      <p className={`${styles.muted} ${styles.small}`}>{t('install.pictures.hint')}</p>
      <div className={local.logoRow}>
        <div className={styles.control}>
          <label htmlFor={ids.file} className={styles.label}>
            {t('install.pictures.file')}
          </label>
          <input ref={file} id={ids.file} type="file" accept="image/png,image/jpeg,image/webp" aria-describedby={`${ids.file}-hint`} />
          <span id={`${ids.file}-hint`} className={styles.hint}>
            {t('install.pictures.fileHint')}
          </span>
        </div>
        <Button type="button" size="small" aria-disabled={pending || undefined} onClick={() => !pending && upload()}>
          {t('install.pictures.upload')}
        </Button>
      </div>
      {pictures.length > 0 && (
        <ul className={local.pictures}>
          {pictures.map((p) => (
            <li key={p.id} className={local.picture}>
              <img src={p.url} alt="" width={96} height={Math.round((96 * p.height) / Math.max(p.width, 1))} />
              <label className={styles.control}>
                <span className={styles.label}>{t('install.pictures.markdown')}</span>
                <input className={`${styles.input} ${styles.mono}`} readOnly value={pictureMarkdown(p, t('install.pictures.alt'))} onFocus={(e) => e.target.select()} />
              </label>
              <Button type="button" size="small" variant="secondary" aria-disabled={pending || undefined} onClick={() => !pending && remove(p)}>
                {t('install.pictures.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
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
