import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel, longDate } from './dayLabel';
import { guideDays } from './timeline';
import styles from './Guide.module.css';

/** The days of the guide (7 back to 3 ahead) as a row of buttons; the shown one is current. */
export const DaySwitcher = memo(function DaySwitcher({ today, day, onPick }: { today: number; day: number; onPick(start: number): void }) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // Labels change with the day list and the language only (not with every clock tick).
  const days = useMemo(
    () =>
      guideDays(today).map((d) => {
        const { main, sub } = dayLabel(t, i18n.language, d.start, d.offset);
        const long = longDate(i18n.language, d.start);
        return { ...d, main, sub, label: d.offset >= -1 && d.offset <= 1 ? `${main}, ${long}` : long };
      }),
    [today, t, i18n.language],
  );

  // Keep the chosen day in view on narrow screens (the list scrolls sideways).
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[aria-current="date"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [day]);

  return (
    <nav aria-label={t('guide.daysLabel')}>
      <ul className={styles.days} ref={list}>
        {days.map((d) => {
          return (
            <li key={d.start}>
              <button
                type="button"
                className={styles.day}
                aria-current={d.start === day ? 'date' : undefined}
                aria-label={d.label}
                onClick={() => onPick(d.start)}
              >
                <span>{d.main}</span>
                <br />
                <span>{d.sub}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
