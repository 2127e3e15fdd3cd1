import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { ChannelLogo } from './ChannelLogo';
import { formatTime, ProgressBar } from './ProgressBar';
import type { Channel } from './types';
import styles from './Channels.module.css';

const ChannelPreview = lazy(() => import('./ChannelPreview').then((m) => ({ default: m.ChannelPreview })));

/** Spec 9: the hover-focus event for channels fires after 100 ms. */
const PREVIEW_DELAY_MS = 100;

interface Props {
  channel: Channel;
  to: string;
  now: number;
  preview: boolean;
}

export function ChannelCard({ channel, to, now, preview }: Props) {
  const { t, i18n } = useTranslation();
  const state = useModalPageState();
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = () => {
    if (!preview) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActive(true), PREVIEW_DELAY_MS);
  };
  const stop = () => {
    clearTimeout(timer.current);
    setActive(false);
  };
  const cur = channel.current_schedule;
  const onAir = cur && cur.timestamp <= now && now < cur.timestamp + cur.duration ? cur : null;
  return (
    <li className={styles.card} data-channel-id={channel.id}>
      <Link
        to={to}
        state={state}
        className={styles.cardLink}
        onMouseEnter={start}
        onMouseLeave={stop}
        onFocus={start}
        onBlur={stop}
        aria-label={`${channel.number ? `${channel.number}. ` : ''}${channel.name}${onAir ? `, ${onAir.title}` : ''}`}
      >
        <span className={styles.cardMedia}>
          <ChannelLogo channel={channel} />
          {active && (
            <Suspense fallback={null}>
              <ChannelPreview channelId={channel.id} />
            </Suspense>
          )}
          {channel.number > 0 && <span className={styles.number}>{channel.number}</span>}
          {channel.age >= 18 && <span className={styles.age}>{`${channel.age}+`}</span>}
        </span>
        <span className={styles.cardBody}>
          <span className={styles.cardName}>{channel.name}</span>
          {onAir ? (
            <>
              <span className={styles.cardProgramme}>
                <span className={styles.cardTime}>{formatTime(onAir.timestamp, i18n.language)}</span> {onAir.title}
              </span>
              <ProgressBar start={onAir.timestamp} duration={onAir.duration} now={now} />
            </>
          ) : (
            <span className={styles.cardProgrammeMuted}>{t('channels.noProgramme')}</span>
          )}
        </span>
      </Link>
    </li>
  );
}
