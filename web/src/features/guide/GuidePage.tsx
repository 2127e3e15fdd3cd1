import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { channelPath, useCategories, useChannels, type Channel } from '@/features/channels';
import { useIsPhone } from '@/shared/lib/useMediaQuery';
import { Button, ErrorState, showAlert, Spinner } from '@/shared/ui';
import { useGuideChunks, type GuideProgramme } from './api';
import { longDate } from './dayLabel';
import { DaySwitcher } from './DaySwitcher';
import { GuideGrid, type GuideChannel, type ScrollRequest } from './GuideGrid';
import { programmeAction } from './programmeAction';
import { chunksFor, clampDay, dayLength, dayStart, isoDate, parseIsoDate, type Geometry } from './timeline';
import { useNowSeconds } from '@/shared/lib/useNowSeconds';
import styles from './Guide.module.css';

// /guide: the programme guide of every channel the viewer sees, a day at a time
// (7 days back to 3 ahead), fetched in 6-hour chunks around the visible time.

const DESKTOP: Geometry = { origin: 0, pxPerHour: 240, rowHeight: 64, channelWidth: 200, rulerHeight: 40 };
const PHONE: Geometry = { origin: 0, pxPerHour: 200, rowHeight: 56, channelWidth: 60, rulerHeight: 36 };
const ALL = 'all';
/** The guide is not inside a category: its links open the viewer in all channels. */
const GUIDE_CATEGORY = 'all';

export default function GuidePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const now = useNowSeconds();
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const day = clampDay(now, parseIsoDate(params.get('date')));
  const length = dayLength(day);
  const today = dayStart(now);
  const category = params.get('category') ?? ALL;

  const [scrollRequest, setScrollRequest] = useState<ScrollRequest>(() => ({ time: day === today ? now : day + 19 * 3600, nonce: 0 }));
  const [range, setRange] = useState<[number, number]>(() => [scrollRequest.time - 3600, scrollRequest.time + 4 * 3600]);
  const chunks = useMemo(() => chunksFor(day, length, range[0], range[1]), [day, length, range]);
  const guide = useGuideChunks(chunks);
  const channelList = useChannels();
  const categories = useCategories();

  const channelsMarked = useRef(false);
  if (channelList.data && !channelsMarked.current) {
    channelsMarked.current = true;
    performance.mark('guide:channels');
  }

  // The line-up order of the guide answer; kept while another day loads so rows stay.
  const order = useRef<number[]>([]);
  if (guide.order.length) order.current = guide.order;

  const rows = useMemo(() => {
    const byId = new Map<number, Channel>((channelList.data ?? []).map((c) => [c.id, c]));
    const allowed = category === ALL ? null : new Set(categories.data?.find((c) => String(c.id) === category || c.slug === category)?.channels ?? []);
    const out: GuideChannel[] = [];
    for (const id of order.current) {
      const c = byId.get(id);
      if (!c || (allowed && !allowed.has(id))) continue;
      out.push({ id, name: c.name, number: c.number, logo: c.cover?.full || undefined });
    }
    return out;
    // order.current changes together with guide.order
  }, [channelList.data, categories.data, category, guide.order]); // eslint-disable-line react-hooks/exhaustive-deps

  const onTimeRange = useCallback((from: number, to: number) => {
    setRange((prev) => (prev[0] === from && prev[1] === to ? prev : [from, to]));
  }, []);

  const setDay = useCallback(
    (start: number) => {
      const next = new URLSearchParams(params);
      if (start === today) next.delete('date');
      else next.set('date', isoDate(start));
      setParams(next, { replace: true });
    },
    [params, setParams, today],
  );

  const jumpToNow = () => {
    setDay(today);
    setScrollRequest((r) => ({ time: Math.floor(Date.now() / 1000), nonce: r.nonce + 1 }));
  };

  const setCategory = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete('category');
    else next.set('category', value);
    setParams(next, { replace: true });
  };

  const onOpen = useCallback(
    (channel: GuideChannel, p: GuideProgramme) => {
      const action = programmeAction(p, Math.floor(Date.now() / 1000));
      if (action.kind === 'alert') {
        // The channel viewer's messages (spec 8 "Schedule"), shared with the channels area.
        showAlert(t(`channels.${action.message}`), { kind: 'warning' });
        return;
      }
      const ch = channelList.data?.find((c) => c.id === channel.id);
      navigate(channelPath(GUIDE_CATEGORY, ch ?? { id: channel.id, slug: '' }, action.kind === 'archive' ? action.ts : undefined));
    },
    [channelList.data, navigate, t],
  );

  useEffect(() => {
    document.title = t('guide.title');
  }, [t]);

  const geometry = phone ? PHONE : DESKTOP;
  const visibleCategories = (categories.data ?? []).filter((c) => c.channels.length > 0 && !c.tags?.all_channels);
  const loading = (guide.pending && !order.current.length) || channelList.isPending;
  const failed = !loading && (guide.error || channelList.error) && !rows.length;

  return (
    <section className={styles.page} aria-labelledby="guide-title" data-testid="guide-page">
      <div className={styles.toolbar}>
        <h1 id="guide-title" className={styles.title}>
          {t('guide.title')}
        </h1>
        <div className={styles.controls}>
          {visibleCategories.length > 0 && (
            <select className={styles.select} value={category} onChange={(e) => setCategory(e.target.value)} aria-label={t('guide.category')}>
              <option value={ALL}>{t('guide.allChannels')}</option>
              {visibleCategories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
          <Button size="small" variant="secondary" onClick={jumpToNow}>
            {t('guide.now')}
          </Button>
        </div>
      </div>
      <DaySwitcher today={today} day={day} onPick={setDay} />
      <p id="guide-hint" className="visually-hidden">
        {t('guide.gridHint')}
      </p>
      <div className={styles.grid}>
        {loading ? (
          <Spinner label={t('guide.loading')} />
        ) : failed ? (
          <ErrorState
            title={t('guide.errorTitle')}
            text={t('guide.errorText')}
            actions={
              <Button
                onClick={() => {
                  guide.refetch();
                  void channelList.refetch();
                }}
              >
                {t('guide.retry')}
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <p className={styles.status}>{t('guide.empty')}</p>
        ) : (
          <GuideGrid
            channels={rows}
            index={guide.index}
            day={day}
            dayLength={length}
            now={now}
            geometry={geometry}
            scrollRequest={scrollRequest}
            onOpen={onOpen}
            onTimeRange={onTimeRange}
            describedBy="guide-hint"
            label={t('guide.gridLabel', { day: longDate(i18n.language, day) })}
          />
        )}
      </div>
    </section>
  );
}
