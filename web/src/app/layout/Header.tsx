import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InstallButton } from '@/features/install';
import { MessagesButton } from '@/features/messages';
import { HeaderSearch } from '@/features/search';
import { apiFetch, platformKeys, useBrandName, useNetwork, useResources, userKeys, type User } from '@/shared/api';
import { changeLanguage, currentLanguage, isLanguage, LANGUAGE_NAMES, offeredLanguages, type Language } from '@/shared/i18n';
import { usePartnerSettings } from '@/shared/lib/runMode';
import { sessionStore, useSession } from '@/shared/session';
import { ButtonLink } from '@/shared/ui';
import { paths } from '../paths';
import { AccountMenu } from './AccountMenu';
import { useHeaderScroll } from './headerScroll';
import { MainMenu } from './MainMenu';
import { useMenuItems } from './menu';
import styles from './Header.module.css';

/** The logo's link: the start page, or the partner's own home when its operator set one. */
function HomeLink({ className, label, children }: { className?: string; label: string; children: ReactNode }) {
  const { homeUrl } = usePartnerSettings();
  if (homeUrl) {
    return (
      <a href={homeUrl} className={className} aria-label={label} data-partner-home="">
        {children}
      </a>
    );
  }
  return (
    <Link to={paths.home()} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const logoUrl = useResources().data?.logo_url;
  const [logoFailed, setLogoFailed] = useState(false);
  const { isLogged } = useSession();
  const items = useMenuItems();
  const scroll = useHeaderScroll();

  return (
    <header className={styles.header} data-dark={scroll.dark || undefined} data-hidden={scroll.hidden || undefined}>
      <HomeLink className={styles.logo} label={t('header.logoLabel', { brand })}>
        {logoUrl && !logoFailed ? (
          <img src={logoUrl} alt="" onError={() => setLogoFailed(true)} />
        ) : (
          <>
            <span className={styles.logoMark} aria-hidden="true">
              {brand.slice(0, 1)}
            </span>
            <span aria-hidden="true">{brand}</span>
          </>
        )}
      </HomeLink>
      <MainMenu items={items} />
      <div className={styles.search}>
        <HeaderSearch />
      </div>
      <div className={styles.actions}>
        <InstallButton />
        <LanguageSelect />
        {isLogged && <MessagesButton />}
        {isLogged ? (
          <AccountMenu />
        ) : (
          <ButtonLink to={{ hash: 'auth' }} replace size="small">
            {t('nav.signIn')}
          </ButtonLink>
        )}
      </div>
    </header>
  );
}

/**
 * The interface language. It changes the same i18n state as Settings -> Language ->
 * Interface (changeLanguage: i18next plus the stored preference), so the two always
 * agree; a logged-in viewer's choice is saved to the user settings as there.
 */
function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const network = useNetwork().data;
  const { isLogged } = useSession();
  const current = currentLanguage();
  const languages = offeredLanguages(network?.languages, current);

  async function choose(lng: Language) {
    await changeLanguage(lng);
    // The operator's texts of network data come in the request's language.
    void queryClient.invalidateQueries({ queryKey: platformKeys.network() });
    if (!isLogged || !sessionStore.get().token) return;
    try {
      const user = await apiFetch<User>('/users/self', { method: 'PATCH', body: { settings: { language: lng } } });
      queryClient.setQueriesData({ queryKey: userKeys.all }, user);
    } catch {
      // The choice is already applied and stored locally; the settings page shows errors.
    }
  }

  // The closed picker shows the language code (the list shows the names): a native select,
  // transparent, over the code, so it keeps its keyboard and screen-reader behaviour.
  return (
    <span className={styles.languageBox}>
      <span className={styles.languageCode} aria-hidden="true">
        {current.toUpperCase()}
      </span>
      <label htmlFor="header-language" className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id="header-language"
        className={styles.language}
        value={current}
        lang={i18n.language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void choose(e.target.value);
        }}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </span>
  );
}
