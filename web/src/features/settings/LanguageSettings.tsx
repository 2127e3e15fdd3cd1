import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { platformKeys, useCurrentUser, useNetwork, userKeys, type User } from '@/shared/api';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, offeredLanguages, type Language } from '@/shared/i18n';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { Button, FormError, Spinner } from '@/shared/ui';
import { patchUser } from './api';
import { LANGUAGE_PAGES, type LanguagePage } from './sections';
import { addLanguage, languageName, moveLanguage, removeLanguage, TRACK_LANGUAGES } from './trackLanguages';
import styles from './Settings.module.css';

/** Settings -> language: the sub-pages interface, audio tracks and subtitles. */
export function LanguageSettings({ page }: { page: LanguagePage }) {
  const { t } = useTranslation();
  const modalState = useModalPageState();
  return (
    <div className={styles.stack}>
      <nav aria-label={t('settings.language')} className={styles.tabs}>
        {LANGUAGE_PAGES.map((p) => (
          <NavLink key={p} to={`/settings/language/${p}`} state={modalState} replace className={styles.tab}>
            {t(`settings.${p === 'interface' ? 'interfaceLanguage' : p}`)}
          </NavLink>
        ))}
      </nav>
      {page === 'interface' ? <InterfaceLanguageSettings /> : <TrackLanguageSettings kind={page === 'audiotracks' ? 'audio_languages' : 'text_languages'} />}
    </div>
  );
}

/**
 * The interface language: the network's languages (all 11 when it lists none), as in the
 * header picker. Switches i18n, stores the preference and the user's setting.
 */
export function InterfaceLanguageSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const network = useNetwork().data;
  const [error, setError] = useState<string | null>(null);
  const current = currentLanguage();
  const languages = offeredLanguages(network?.languages, current);

  async function choose(lng: Language) {
    setError(null);
    await changeLanguage(lng);
    // The operator's texts of network data come in the request's language.
    void queryClient.invalidateQueries({ queryKey: platformKeys.network() });
    try {
      const next = await patchUser({ settings: { language: lng } });
      queryClient.setQueriesData({ queryKey: userKeys.all }, next);
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <fieldset className={styles.languages}>
      <legend className="visually-hidden">{t('settings.interfaceLanguage')}</legend>
      <FormError message={error} />
      {languages.map((lng) => (
        <label key={lng} lang={lng}>
          <input type="radio" name="interface-language" value={lng} checked={lng === current} onChange={() => void choose(lng)} />
          {LANGUAGE_NAMES[lng]}
        </label>
      ))}
    </fieldset>
  );
}

type TrackKind = 'audio_languages' | 'text_languages';

function TrackLanguageSettings({ kind }: { kind: TrackKind }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) return <Spinner label={t('app.loading')} />;
  return <TrackLanguageList key={kind} kind={kind} user={user} />;
}

function TrackLanguageList({ kind, user }: { kind: TrackKind; user: User }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [list, setList] = useState<string[]>(user.settings[kind]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rest = TRACK_LANGUAGES.filter((c) => !list.includes(c));
  const name = (code: string) => languageName(code, i18n.language);

  async function save(next: string[]) {
    const before = list;
    setList(next);
    setBusy(true);
    setError(null);
    try {
      const user = await patchUser({ settings: { [kind]: next } });
      queryClient.setQueriesData({ queryKey: userKeys.all }, user);
    } catch (e) {
      setList(before);
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t(kind === 'audio_languages' ? 'settings.audioHint' : 'settings.textHint')}</p>
      <FormError message={error} />
      {list.length === 0 ? (
        <p>{t('settings.noPreference')}</p>
      ) : (
        <ol className={styles.trackList}>
          {list.map((code, i) => (
            <li key={code} className={styles.trackRow}>
              <span className={styles.trackName}>
                {i + 1}. {name(code)}
              </span>
              <Button size="small" variant="ghost" disabled={busy || i === 0} onClick={() => void save(moveLanguage(list, code, -1))} aria-label={t('settings.moveUp', { name: name(code) })}>
                ↑
              </Button>
              <Button size="small" variant="ghost" disabled={busy || i === list.length - 1} onClick={() => void save(moveLanguage(list, code, 1))} aria-label={t('settings.moveDown', { name: name(code) })}>
                ↓
              </Button>
              <Button size="small" variant="ghost" disabled={busy} onClick={() => void save(removeLanguage(list, code))} aria-label={t('settings.removeNamed', { name: name(code) })}>
                ×
              </Button>
            </li>
          ))}
        </ol>
      )}
      {rest.length > 0 && (
        <label className={styles.addLanguage}>
          <span>{t('settings.addLanguage')}</span>
          <select
            value=""
            disabled={busy}
            onChange={(e) => {
              if (e.target.value) void save(addLanguage(list, e.target.value));
            }}
          >
            <option value="">—</option>
            {rest.map((code) => (
              <option key={code} value={code}>
                {name(code)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
