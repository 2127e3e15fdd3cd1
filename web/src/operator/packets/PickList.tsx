import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import own from './packets.module.css';

export interface PickItem {
  id: number;
  label: string;
}

/**
 * A group of checkboxes under a legend (channels, libraries, packets); long groups get a
 * filter field. The checked ids are the value.
 */
export function PickList({
  legend,
  items,
  value,
  onChange,
  disabled,
  filterLabel,
}: {
  legend: string;
  items: PickItem[];
  value: number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
  filterLabel?: string;
}) {
  const { t } = useTranslation('operator-packets');
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle ? items.filter((i) => i.label.toLocaleLowerCase().includes(needle)) : items;
  const toggle = (itemId: number, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== itemId), itemId] : value.filter((v) => v !== itemId));
  return (
    <fieldset className={own.pick} disabled={disabled}>
      <legend className={styles.strong}>
        {legend} <span className={`${styles.muted} ${styles.small}`}>{t('pick.count', { count: value.length })}</span>
      </legend>
      {filterLabel && items.length > 8 && (
        <div className={styles.control}>
          <label htmlFor={`${id}-filter`} className={styles.label}>
            {filterLabel}
          </label>
          <input id={`${id}-filter`} className={styles.input} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
      )}
      {items.length === 0 ? (
        <p className={`${styles.muted} ${styles.small}`}>{t('pick.none')}</p>
      ) : (
        <ul className={own.pickItems}>
          {shown.map((item) => (
            <li key={item.id}>
              <label className={own.check}>
                <input type="checkbox" checked={value.includes(item.id)} onChange={(e) => toggle(item.id, e.target.checked)} />
                {item.label}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
