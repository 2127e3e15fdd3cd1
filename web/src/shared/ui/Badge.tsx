import type { ReactNode } from 'react';
import styles from './Badge.module.css';

/** A small accent pill beside a row's name ("current profile", "this device"). */
export function Badge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>;
}
