import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH } from '@/shared/lib/constants';
import styles from './Channels.module.css';

export function ChannelSearch({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.search}>
      <label htmlFor={id} className="visually-hidden">
        {t('channels.search')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={t('channels.search')}
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
