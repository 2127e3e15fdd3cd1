import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePinRetry, useProgrammeControl } from '@/features/parental';
import { useSession } from '@/shared/session';
import { Player, type PlayerSource } from '@/features/player';
import { isApiError } from '@/shared/api';
import { useIsNarrow } from '@/shared/lib/useMediaQuery';
import { showAlert, Spinner } from '@/shared/ui';
import { effectiveTs, isAdultChannel, neighbour, parseTs } from '../access';
import { channelsInCategories, findCategory, initialSelection } from '../categories';
import { LIVE_EDGE_SECONDS } from '../constants';
import { rememberChannel } from '../lastChannels';
import { channelPath } from '../paths';
import { useChannel, usePrefetchStream, useSchedule, useStream } from '../queries';
import { adjacentEntry, decideScheduleClick, entryAt } from '../schedule';
import type { ScheduleEntry } from '../types';
import { useChannelsData } from '../useChannelsData';
import { useNowSeconds } from '@/shared/lib/useNowSeconds';
import { AdultPanel, ArchiveSubscribeModal, NotFoundPanel, PacketsPanel, PermissionDeniedModal, UnavailablePanel } from './AccessPanels';
import { ChannelsPanel } from './ChannelsPanel';
import { LastChannels } from './LastChannels';
import { OtherEpisodes, ProgrammeInfo } from './ProgrammeInfo';
import { RecommendedEpisodes } from './RecommendedEpisodes';
import { resolveViewerRoute } from './resolveRoute';
import { SchedulePanel } from './SchedulePanel';
import { useAdultGate } from './useAdultGate';
import styles from './Viewer.module.css';

type ListMode = 'channels' | 'schedule';
const LIST_MODE_KEY = 'tvListMode';

function readListMode(): ListMode {
  try {
    return localStorage.getItem(LIST_MODE_KEY) === 'channels' ? 'channels' : 'schedule';
  } catch {
    return 'schedule';
  }
}

/**
 * The channel viewer (spec 2 "Channel viewer", 4 "Channel opening"): player, programme
 * info, side panel with channels and schedule, zapping. The same component stays mounted
 * while the viewer zaps, so the player (and its hls.js) is reused.
 */
export function ChannelViewer() {
  const { t } = useTranslation();
  const params = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const data = useChannelsData();
  const narrow = useIsNarrow();
  const now = useNowSeconds();

  const route = useMemo(
    () =>
      resolveViewerRoute(params, query, data.allCategories, (seg) => {
        const c = data.channels.find((x) => String(x.id) === seg || x.slug === seg);
        return c?.category ?? null;
      }),
    [params, query, data.allCategories, data.channels],
  );
  const channelQ = useChannel(route?.channel);
  const channel = channelQ.data;
  const segment = route?.categorySegment ?? '';

  // ts is honoured only when at least 30 s old (spec 7 stream call).
  const ts = useMemo(() => effectiveTs(parseTs(route?.ts), Math.floor(Date.now() / 1000)), [route?.ts]);

  const schedule = useSchedule(channel?.id);

  // The player's clock (absolute time being played, every second) decides the programme
  // shown: live past the end of one, or an archive running into the next. Only a change of
  // programme re-renders the viewer, not every tick.
  const entries = useMemo(() => schedule.data ?? [], [schedule.data]);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const [playingId, setPlayingId] = useState<number | null>(null);
  useEffect(() => setPlayingId(null), [channel?.id, ts]);
  const onClock = useCallback((clock: number) => {
    const id = entryAt(entriesRef.current, clock)?.id ?? null;
    setPlayingId((prev) => (prev === id ? prev : id));
  }, []);
  const playing: ScheduleEntry | undefined =
    (playingId !== null ? entries.find((e) => e.id === playingId) : undefined) ?? entryAt(entries, ts ?? now);
  const live = !ts;

  const programmeControl = useProgrammeControl();
  // With programme control on, the channel waits for its guide: the programme may make it adult.
  const adult = !channel || (programmeControl && schedule.isLoading)
    ? null
    : isAdultChannel(channel, {
        adultCategories: data.adultCategories,
        isChild: data.isChild,
        // The programme on air (or the one of the catch-up time) decides with programme control on.
        programmeControl,
        programmeAge: playing?.age ?? null,
      });
  const allowed = !!channel && channel.is_available && channel.is_purchased;
  const { gate, ask } = useAdultGate(allowed ? channel!.id : null, allowed ? adult : null);
  const playable = allowed && gate === 'open';

  const stream = useStream(playable ? { channelId: channel!.id, ts } : null);
  // An 18+ programme in a channel's catch-up, or a pass the server no longer holds: the
  // server asks for the PIN, #pincode opens and the stream is asked again.
  const refetchStream = stream.refetch;
  const retryStream = useCallback(() => void refetchStream(), [refetchStream]);
  const pinRequired = usePinRetry(stream.error, 'program', retryStream).required;

  // Errors of the stream call (spec 8): permission_denied -> modal; other 403 -> alert.
  const [denied, setDenied] = useState<string | null>(null);
  useEffect(() => {
    const e = stream.error;
    if (!e || pinRequired) return;
    if (isApiError(e) && e.type === 'permission_denied') {
      setDenied(e.detail.reason || e.message || t('channels.channel_not_available'));
    } else if (isApiError(e) && e.status === 403) {
      showAlert(e.message || t('channels.channel_not_available'), { kind: 'error' });
    } else {
      showAlert(t('channels.streamError'), { kind: 'error' });
    }
  }, [stream.error, pinRequired, t]);
  useEffect(() => setDenied(null), [channel?.id]);

  // Remember the channel once it plays.
  useEffect(() => {
    if (playable && channel) rememberChannel(channel.id);
  }, [playable, channel]);

  // Zapping order: the current category's channels in line-up order.
  const lineUp = useMemo(() => {
    const sel = initialSelection(data.categories, segment, data.isChild).selected;
    const list = channelsInCategories(data.channels, data.categories, sel);
    return list.length ? list : data.channels;
  }, [data.categories, data.channels, data.isChild, segment]);
  const prefetch = usePrefetchStream();
  const prev = channel ? neighbour(lineUp, channel.id, -1) : undefined;
  const next = channel ? neighbour(lineUp, channel.id, 1) : undefined;
  useEffect(() => {
    const warm = (c: typeof prev) => {
      if (!c || !c.is_available || !c.is_purchased) return;
      if (isAdultChannel(c, { adultCategories: data.adultCategories, isChild: data.isChild })) return;
      prefetch(c.id);
    };
    if (!playable) return;
    const id = setTimeout(() => {
      warm(next);
      warm(prev);
    }, 300);
    return () => clearTimeout(id);
  }, [playable, prev, next, prefetch, data.adultCategories, data.isChild]);

  const go = useCallback(
    (target: typeof prev) => {
      if (target) navigate(channelPath(segment, target), { replace: true, state: window.history.state?.usr });
    },
    [navigate, segment],
  );
  const goPrev = useCallback(() => go(prev), [go, prev]);
  const goNext = useCallback(() => go(next), [go, next]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      e.preventDefault();
      if (e.key === 'PageUp') goPrev();
      else goNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goPrev, goNext]);

  const playTs = useCallback(
    (at: number | null) => {
      if (!channel) return;
      const fresh = at === null || Date.now() / 1000 - at < LIVE_EDGE_SECONDS;
      navigate(channelPath(segment, channel, fresh ? null : at), { replace: true, state: window.history.state?.usr });
    },
    [channel, navigate, segment],
  );

  const { isLogged } = useSession();
  const [askSubscribe, setAskSubscribe] = useState(false);
  useEffect(() => setAskSubscribe(false), [channel?.id]);
  const purchased = !!channel?.is_purchased;
  const onPick = useCallback(
    (e: ScheduleEntry) => {
      const d = decideScheduleClick(e, Math.floor(Date.now() / 1000), { purchased, isLogged });
      if (d.action === 'alert') showAlert(t(`channels.${d.key}`), { kind: d.key.startsWith('warning') ? 'warning' : 'error' });
      else if (d.action === 'live') playTs(null);
      else if (d.action === 'subscribe') {
        // Guests cannot buy a channel's archive: they sign in first.
        if (d.signIn) navigate({ hash: 'auth' });
        else setAskSubscribe(true);
      } else playTs(d.ts);
    },
    [playTs, t, purchased, isLogged, navigate],
  );

  const onSeekOutside = useCallback(
    (unix: number) => {
      if (!playing) return playTs(unix);
      const target = adjacentEntry(entries, playing, unix < playing.timestamp ? -1 : 1);
      if (!target) return;
      onPick(target);
    },
    [entries, onPick, playTs, playing],
  );

  const source = useMemo<PlayerSource | null>(() => {
    const s = stream.data;
    if (!s || !channel) return null;
    const info = s.stream_info;
    return {
      url: s.hls,
      kind: info?.kind === 'archive' ? 'archive' : 'live',
      hasArchive: info?.has_archive ?? channel.has_catchup,
      archiveFrom: info?.archive_from,
      startAt: info?.kind === 'archive' ? (ts ?? info.start) : undefined,
      programme: playing ? { start: playing.timestamp, end: playing.timestamp + playing.duration, title: playing.title } : undefined,
      blackouts: info?.blackouts,
      statId: s.stat?.id ? String(s.stat.id) : undefined,
      contentKey: `channel-${channel.id}`,
      title: playing?.title ?? channel.name,
      subtitle: channel.name,
      artwork: channel.cover?.full,
      thumbnails: s.screenshot_url && info?.kind === 'archive' ? { url: s.screenshot_url, offset: info.start ?? 0 } : undefined,
    };
  }, [stream.data, channel, ts, playing]);

  const selectedForPanel = useMemo(() => initialSelection(data.categories, segment, data.isChild).selected, [data.categories, segment, data.isChild]);
  const [mode, setMode] = useState<ListMode>(readListMode);
  const pickMode = (m: ListMode) => {
    setMode(m);
    try {
      localStorage.setItem(LIST_MODE_KEY, m);
    } catch {
      // Only a preference.
    }
  };
  const [panelShown, setPanelShown] = useState(false);
  const showPanel = !narrow || panelShown;

  if (!route || (channelQ.isLoading && !channel) || data.isLoading) return <Spinner label={t('channels.loading')} />;
  if (!channel) {
    return (
      <section className={styles.viewer}>
        <NotFoundPanel />
      </section>
    );
  }

  const category = findCategory(data.allCategories, segment) ?? data.allCategories.find((c) => c.id === channel.category);
  const others = playing?.program ? entries.filter((e) => e.program === playing.program && e.id !== playing.id) : [];

  let stage;
  // Not purchased: the packets that hold the channel (with the server's access_error, if any).
  if (!channel.is_purchased) stage = <PacketsPanel channel={channel} lead={channel.access_error ?? undefined} />;
  else if (!channel.is_available) stage = <UnavailablePanel channel={channel} />;
  else if (gate === 'refused') stage = <AdultPanel onAsk={ask} />;
  else
    stage = (
      <Player
        source={source}
        onClock={onClock}
        onSeekOutside={onSeekOutside}
        onLive={() => playTs(null)}
        onWatchHere={retryStream}
        onPrev={prev ? goPrev : undefined}
        onNext={next ? goNext : undefined}
        className={styles.player}
      />
    );

  return (
    <div className={styles.viewer} data-channel-id={channel.id} data-view={narrow ? 'mobile' : 'desktop'}>
      <div className={styles.main}>
        <div className={styles.stage}>{stage}</div>
        <ProgrammeInfo
          channel={channel}
          entry={playing}
          category={category}
          live={live}
          scheduleShown={showPanel}
          onToggleSchedule={() => setPanelShown((v) => !v)}
        />
        <OtherEpisodes entries={others} onPick={onPick} />
        <RecommendedEpisodes entry={playing} />
        {askSubscribe && <ArchiveSubscribeModal channel={channel} onClose={() => setAskSubscribe(false)} />}
        <LastChannels channels={data.channels} currentId={channel.id} segment={segment} />
      </div>
      {showPanel && (
        <aside className={styles.side} aria-label={t('channels.tabSchedule')}>
          <div className={styles.tabs} role="tablist">
            {(['channels', 'schedule'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                id={`tv-tab-${m}`}
                aria-controls={mode === m ? `tv-panel-${m}` : undefined}
                aria-selected={mode === m}
                tabIndex={mode === m ? 0 : -1}
                className={styles.tab}
                onClick={() => pickMode(m)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                    const other = m === 'channels' ? 'schedule' : 'channels';
                    pickMode(other);
                    document.getElementById(`tv-tab-${other}`)?.focus();
                  }
                }}
              >
                {m === 'channels' ? t('channels.tabChannels') : t('channels.tabSchedule')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`tv-panel-${mode}`} aria-labelledby={`tv-tab-${mode}`} className={styles.tabPanel}>
            {mode === 'schedule' ? (
              <SchedulePanel channel={channel} playing={playing} now={now} onPick={onPick} />
            ) : (
              <ChannelsPanel data={data} selected={selectedForPanel} segment={segment} currentId={channel.id} now={now} />
            )}
          </div>
        </aside>
      )}
      {denied !== null && <PermissionDeniedModal text={denied} onBack={() => navigate('/channels')} />}
    </div>
  );
}
