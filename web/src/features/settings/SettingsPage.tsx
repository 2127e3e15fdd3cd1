import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { ParentalSettingsSection } from '@/features/parental';
import { ProfileManager } from '@/features/profiles';
import { useConfiguration, useNetwork } from '@/shared/api';
import { LANGUAGES } from '@/shared/i18n';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { usePartnerSettings } from '@/shared/lib/runMode';
import { AccountSection } from './AccountSection';
import { DevicesSection } from './DevicesSection';
import { InfoSection } from './InfoSection';
import { LanguageSettings } from './LanguageSettings';
import { LogoutAction } from './LogoutAction';
import { PaymentSection, SubscriptionsSection } from '@/features/account';
import { SettingsStart } from './SettingsStart';
import { LANGUAGE_PAGES, isSettingsSection, visibleSections, type LanguagePage, type SettingsSection } from './sections';
import styles from './Settings.module.css';

/**
 * /settings, /settings/{section}, /settings/language/{page} (a modal page; the route
 * guard sends guests home). Without a section the start view shows; on a phone the
 * section list and an open section take the whole width in turn.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { section, page } = useParams();
  const modalState = useModalPageState();
  const network = useNetwork().data;
  const configuration = useConfiguration();
  // Spec 2: some partners' apps own the session, so their viewers get no "log out".
  const partner = usePartnerSettings();
  const sections = visibleSections({
    paymentAllowed: configuration.payment_enabled,
    // Pay systems arrive with the commerce area; until then payment_enabled stands for both.
    hasPaySystems: configuration.payment_enabled,
    hasLanguages: (network?.languages.length ?? LANGUAGES.length) > 0,
  });
  const requested: SettingsSection | null = page !== undefined ? 'language' : isSettingsSection(section) ? section : null;
  const current = requested && sections.includes(requested) ? requested : null;
  const languagePage: LanguagePage = page && (LANGUAGE_PAGES as readonly string[]).includes(page) ? (page as LanguagePage) : 'interface';

  return (
    <div className={styles.layout} data-open={current ? 'section' : 'start'}>
      <nav className={styles.nav} aria-label={t('settings.sectionsLabel')}>
        <ul>
          {sections.map((s) => (
            <li key={s}>
              <NavLink to={s === 'language' ? '/settings/language/interface' : `/settings/${s}`} state={modalState} replace className={s === current ? styles.current : undefined} aria-current={s === current ? 'page' : undefined}>
                {t(`settings.${s}`)}
              </NavLink>
            </li>
          ))}
          {!partner.hideLogout && (
            <li>
              <LogoutAction />
            </li>
          )}
        </ul>
      </nav>
      <section className={styles.body} aria-labelledby={current ? 'settings-section-title' : undefined} aria-label={current ? undefined : t('settings.title')}>
        {current ? (
          <>
            <Link to="/settings" state={modalState} replace className={styles.back}>
              ← {t('settings.allSections')}
            </Link>
            <h3 id="settings-section-title" className={styles.sectionTitle}>
              {t(`settings.${current}`)}
            </h3>
            <SectionBody section={current} page={languagePage} />
          </>
        ) : (
          <SettingsStart />
        )}
      </section>
    </div>
  );
}

function SectionBody({ section, page }: { section: SettingsSection; page: LanguagePage }) {
  switch (section) {
    case 'account':
      return <AccountSection />;
    case 'subscriptions':
      return <SubscriptionsSection />;
    case 'payment':
      return <PaymentSection />;
    case 'profiles':
      return <ProfileManager />;
    case 'parental':
      return <ParentalSettingsSection />;
    case 'info':
      return <InfoSection />;
    case 'language':
      return <LanguageSettings page={page} />;
    case 'devices':
      return <DevicesSection />;
  }
}
