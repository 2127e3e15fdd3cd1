import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdown } from './rules';
import styles from './NewYear.module.css';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * Days, hours, minutes and seconds to the end of the year, ticking every second. Screen
 * readers get the time once a minute (a polite live region), not every tick.
 */
export function Countdown() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const c = countdown(now);
  if (c.celebrating) {
    return (
      <p className={styles.greeting} role="status">
        {t('newyear.greeting', { year: c.year - 1 })}
      </p>
    );
  }
  const minuteText = t('newyear.leftSpoken', {
    year: c.year,
    days: t('plural.days', { count: c.days }),
    hours: t('plural.hours', { count: c.hours }),
    minutes: t('plural.minutes', { count: c.minutes }),
  });
  return (
    <div className={styles.countdown}>
      <p className={styles.countdownLead}>{t('newyear.until', { year: c.year })}</p>
      <ol className={styles.units} aria-hidden="true">
        {UNITS.map((u) => (
          <li key={u} className={styles.unit}>
            <span className={styles.unitValue}>{u === 'days' ? c[u] : String(c[u]).padStart(2, '0')}</span>
            <span className={styles.unitName}>{t(`newyear.${u}`, { count: c[u] })}</span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {minuteText}
      </p>
    </div>
  );
}
