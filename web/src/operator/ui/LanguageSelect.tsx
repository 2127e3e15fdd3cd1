import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@/shared/i18n/language';
import { changeConsoleLanguage, consoleLanguage } from '../i18n/i18n';
import styles from './console.module.css';

/** The interface language, shared with the viewer's pages of this browser. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('operator');
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('login.language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={consoleLanguage(i18n)}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeConsoleLanguage(i18n, e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
