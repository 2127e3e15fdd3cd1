import type { ReactNode } from 'react';
import styles from './ErrorState.module.css';

/** A failure panel with a title, an explanation and actions (e.g. a retry button). */
export function ErrorState({ title, text, details, actions }: { title: string; text?: string; details?: string; actions?: ReactNode }) {
  return (
    <section className={styles.box} role="alert" aria-live="assertive">
      <div className={styles.icon} aria-hidden="true">
        !
      </div>
      <h1>{title}</h1>
      {text && <p className={styles.text}>{text}</p>}
      {details && <p className={styles.details}>{details}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
