import { useTranslation } from 'react-i18next';
import type { Category } from './types';
import styles from './Channels.module.css';

interface Props {
  categories: readonly Category[];
  selected: readonly number[];
  onToggle(id: number): void;
}

/** Multi-select chips (spec 4): a group of toggle buttons. */
export function CategoryPicker({ categories, selected, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.picker} role="group" aria-label={t('channels.categories')}>
      {categories.map((c) => (
        <button
          key={c.id}
          type="button"
          className={styles.chip}
          aria-pressed={selected.includes(c.id)}
          data-category-id={c.id}
          onClick={() => onToggle(c.id)}
        >
          {c.name}
        </button>
      ))}
    </div>
  );
}
