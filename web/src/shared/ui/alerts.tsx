import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../lib/createStore';
import styles from './Alert.module.css';

// Short notices of the spec's error catalogue (warning_archive_no_pause, stream 403 texts,
// favourite failures...): one at a time, the newest replaces the one on screen, each stays
// for the spec's alert delay.

export type AlertKind = 'error' | 'warning' | 'info';

export interface AlertItem {
  id: number;
  text: string;
  kind: AlertKind;
}

/** Spec 9: alert delay 3000 ms. */
export const ALERT_MS = 3000;

export const alertStore = createStore<AlertItem | null>(null);
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows `text` (already translated) for 3 s, replacing the alert on screen. */
export function showAlert(text: string, opts: { kind?: AlertKind } = {}): void {
  seq += 1;
  alertStore.set({ id: seq, text, kind: opts.kind ?? 'info' });
  clearTimeout(timer);
  timer = setTimeout(() => alertStore.set(null), ALERT_MS);
}

export function dismissAlert(): void {
  clearTimeout(timer);
  alertStore.set(null);
}

/** The place alerts appear; mounted once in the root layout. */
export function AlertHost() {
  const { t } = useTranslation();
  const alert = useStore(alertStore);
  return (
    <div className={styles.host} aria-live="polite" aria-atomic="true">
      {alert && (
        <div key={alert.id} className={`${styles.alert} ${styles[alert.kind]}`} role={alert.kind === 'info' ? 'status' : 'alert'} data-alert-kind={alert.kind}>
          <span className={styles.text}>{alert.text}</span>
          <button type="button" className={styles.close} onClick={dismissAlert} aria-label={t('alerts.close')}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
