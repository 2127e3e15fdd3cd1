import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@/shared/ui';
import { ChannelLogo } from '../ChannelLogo';
import { formatTime } from '../ProgressBar';
import { useSchedule } from '../queries';
import { groupSchedule, isOnAir, localDate, type ScheduleDay } from '../schedule';
import type { Channel, ScheduleEntry } from '../types';
import styles from './Viewer.module.css';

interface Props {
  channel: Channel;
  /** The entry being played (live or archive). */
  playing: ScheduleEntry | undefined;
  now: number;
  onPick(entry: ScheduleEntry): void;
}

function dayLabel(date: string, lng: string, t: (k: 'channels.today' | 'channels.yesterday' | 'channels.tomorrow') => string): string {
  const today = localDate(Date.now() / 1000);
  const shift = (days: number) => localDate(Date.now() / 1000 + days * 86400);
  if (date === today) return t('channels.today');
  if (date === shift(-1)) return t('channels.yesterday');
  if (date === shift(1)) return t('channels.tomorrow');
  const [y, m, d] = date.split('-').map(Number);
  try {
    return new Intl.DateTimeFormat(lng, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(y!, m! - 1, d!));
  } catch {
    return date;
  }
}

/** The schedule tab: days (the playing one picked), the day's programmes, click rules upstream. */
export const SchedulePanel = memo(function SchedulePanel({ channel, playing, now, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const schedule = useSchedule(channel.id);
  const days: ScheduleDay[] = useMemo(() => groupSchedule(schedule.data ?? []), [schedule.data]);
  const playingDate = playing ? localDate(playing.timestamp) : localDate(now);
  const [picked, setPicked] = useState<string | null>(null);
  // A new playing day (another programme, another channel) picks its date again.
  useEffect(() => setPicked(null), [playingDate, channel.id]);
  const date = picked ?? (days.some((d) => d.date === playingDate) ? playingDate : days[days.length - 1]?.date);
  const day = days.find((d) => d.date === date);

  // Scroll the lists themselves (not the page): the current item to the middle, the picked day into view.
  const currentRef = useRef<HTMLLIElement>(null);
  const daysRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const item = currentRef.current;
    const list = item?.parentElement;
    if (item && list) list.scrollTop = item.offsetTop - list.offsetTop - list.clientHeight / 2 + item.clientHeight / 2;
    const days = daysRef.current;
    const pressed = days?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (days && pressed) days.scrollLeft = pressed.offsetLeft - days.offsetLeft - days.clientWidth / 2 + pressed.clientWidth / 2;
  }, [playing?.id, date, schedule.data]);

  return (
    <div className={styles.schedule}>
      <div className={styles.scheduleHead}>
        <ChannelLogo channel={channel} size="sm" />
        <span className={styles.scheduleChannel}>{channel.name}</span>
      </div>
      {schedule.isLoading || (schedule.isFetching && !schedule.data && !schedule.isError) ? (
        <Spinner label={t('channels.loading')} />
      ) : schedule.isError && !schedule.data ? (
        <div className={styles.scheduleError} role="status" data-schedule-state="unavailable">
          <p>{t('channels.scheduleUnavailable')}</p>
          <Button variant="secondary" size="small" onClick={() => void schedule.refetch()}>
            {t('channels.retry')}
          </Button>
        </div>
      ) : (
        <>
          <div ref={daysRef} className={styles.days} role="group" aria-label={t('channels.days')}>
            {days.map((d) => (
              <button
                key={d.date}
                type="button"
                className={styles.day}
                aria-pressed={d.date === date}
                data-date={d.date}
                onClick={() => setPicked(d.date)}
              >
                {dayLabel(d.date, i18n.language, t)}
              </button>
            ))}
          </div>
          {day?.items.length ? (
            <ol className={styles.scheduleList} aria-label={dayLabel(day.date, i18n.language, t)}>
              {day.items.map((e) => {
                const current = playing?.id === e.id;
                const air = isOnAir(e, now);
                const future = e.timestamp > now;
                return (
                  <li key={`${day.date}-${e.id}`} ref={current ? currentRef : undefined} className={styles.scheduleItemWrap}>
                    <button
                      type="button"
                      className={`${styles.scheduleItem} ${current ? styles.scheduleCurrent : ''} ${future ? styles.scheduleFuture : ''}`}
                      aria-current={current ? 'true' : undefined}
                      data-entry-id={e.id}
                      data-start={e.timestamp}
                      data-state={air ? 'live' : future ? 'future' : e.is_catchup_available ? 'archive' : 'banned'}
                      onClick={() => onPick(e)}
                    >
                      <span className={styles.scheduleTime}>{formatTime(e.timestamp, i18n.language)}</span>
                      <span className={styles.scheduleTitle}>{e.title}</span>
                      {air && <span className={styles.onAir}>{t('channels.onAir')}</span>}
                      {!air && !future && e.is_catchup_available && (
                        <span className={styles.catchup} title={t('channels.catchup')}>
                          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                            <path d="M8 5v14l11-7z" fill="currentColor" />
                          </svg>
                          <span className="visually-hidden">{t('channels.catchup')}</span>
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className={styles.muted}>{t('channels.noSchedule')}</p>
          )}
        </>
      )}
    </div>
  );
});
