import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './SwitchRow.module.css';

/** A setting row: its label, and an on/off switch (a checkbox with role="switch") at the end. */
export function SwitchRow({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <label className={styles.row}>
      <span>{label}</span>
      <input type="checkbox" role="switch" {...input} />
    </label>
  );
}
