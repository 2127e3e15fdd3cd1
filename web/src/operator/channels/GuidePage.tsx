import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { InlineConfirm, StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { TextField } from '../ui/TextField';
import { useTitle } from '../ui/useTitle';
import {
  addGuideSource,
  channelKeys,
  deleteGuideSource,
  fetchGuideNow,
  guidesQuery,
  lineupQuery,
  mapGuideChannel,
  patchGuideSource,
  unmatchedQuery,
  type Channel,
  type GuideSource,
  type GuideUnmatched,
} from './api';
import { ChannelsNav } from './ChannelsNav';
import own from './channels.module.css';

const REASONS = ['bad_time', 'missing_stop', 'stop_before_start', 'missing_title', 'missing_start', 'missing_channel', 'xml_syntax', 'channel_without_id'] as const;
type KnownReason = (typeof REASONS)[number];

/** Guide sources: XMLTV addresses fetched on a schedule, their last report and the matching of guide channels. */
export default function GuidePage() {
  const { t } = useTranslation('operator-channels');
  const list = useQuery(guidesQuery());
  const [note, setNote] = useState('');
  useTitle(t('guide.title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('guide.title')}</h1>
      </div>
      <ChannelsNav />
      <p className={`${styles.small} ${styles.muted}`}>{t('guide.intro')}</p>
      <AddSource onAdded={(g) => setNote(t('guide.added', { url: g.url }))} />
      <StatusNote text={note} />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('guide.none')}</p>
      ) : (
        list.data.map((g) => <SourcePanel key={g.id} source={g} onNote={setNote} />)
      )}
    </div>
  );
}

function AddSource({ onAdded }: { onAdded: (g: GuideSource) => void }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [url, setUrl] = useState('');
  const [every, setEvery] = useState('12');
  const [missing, setMissing] = useState(false);
  const heading = useId();
  const add = useMutation({
    mutationFn: () => addGuideSource({ url: url.trim(), every_hours: Number(every) || 12 }),
    onSuccess: (g) => {
      setUrl('');
      onAdded(g);
      void client.invalidateQueries({ queryKey: channelKeys.guides() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!url.trim());
    if (url.trim()) add.mutate();
  };
  return (
    <section className={styles.panel} aria-labelledby={heading}>
      <h2 id={heading}>{t('guide.add')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={own.fields}>
          <div className={own.wide}>
            <TextField label={t('guide.address')} type="url" value={url} onChange={(e) => setUrl(e.target.value)} hint={t('guide.addressHint')} error={missing ? t('guide.addressMissing') : null} />
          </div>
          <TextField label={t('guide.every')} type="number" min={1} max={168} value={every} onChange={(e) => setEvery(e.target.value)} />
        </div>
        <FormError message={add.error ? errorText(tc, add.error) : null} />
        <p className={styles.actions}>
          <Button type="submit" size="small" aria-disabled={add.isPending || undefined}>
            {t('guide.add')}
          </Button>
        </p>
      </form>
    </section>
  );
}

function SourcePanel({ source: g, onNote }: { source: GuideSource; onNote: (s: string) => void }) {
  const { t, i18n } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const heading = useId();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: channelKeys.guides() });
    void client.invalidateQueries({ queryKey: channelKeys.unmatched(g.id) });
  };
  const fetchNow = useMutation({
    mutationFn: () => fetchGuideNow(g.id),
    onSuccess: (s) => {
      onNote(s.status === 'ok' ? t('guide.fetched', { url: s.url }) : t('guide.fetchFailed', { url: s.url }));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteGuideSource(g.id),
    onSuccess: () => {
      onNote(t('guide.removed', { url: g.url }));
      refresh();
    },
  });
  const rep = g.report;
  const reasonText = (r: string) => ((REASONS as readonly string[]).includes(r) ? t(`guide.reason.${r as KnownReason}`) : r.replace(/_/g, ' '));
  return (
    <section className={styles.panel} aria-labelledby={heading}>
      <h2 id={heading} className={own.url}>
        {g.url}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('guide.status')}</dt>
        <dd>
          <span className={styles.pill} data-tone={g.status === 'ok' ? 'good' : g.status === 'failed' ? 'bad' : undefined}>
            {g.status === 'ok' ? t('guide.statusOk') : g.status === 'failed' ? t('guide.statusFailed') : t('guide.statusNever')}
          </span>
          {g.error && <span className={`${styles.small} ${styles.errorText}`}> {g.error}</span>}
        </dd>
        <dt>{t('guide.lastFetch')}</dt>
        <dd>{formatDateTime(g.last_fetch_at, i18n.language) ?? tc('common.never')}</dd>
        <dt>{t('guide.nextFetch')}</dt>
        <dd>{formatDateTime(g.next_fetch_at, i18n.language) ?? tc('common.none')}</dd>
        <dt>{t('guide.every')}</dt>
        <dd>{g.every_hours}</dd>
      </dl>
      <FormError message={fetchNow.error ? errorText(tc, fetchNow.error) : remove.error ? errorText(tc, remove.error) : null} />
      <p className={styles.actions}>
        <Button size="small" onClick={() => fetchNow.mutate()} aria-disabled={fetchNow.isPending || undefined} aria-describedby={heading}>
          {fetchNow.isPending ? t('guide.fetching') : t('guide.fetchNow')}
        </Button>
        {!confirming && (
          <Button size="small" variant="secondary" onClick={() => setConfirming(true)} aria-describedby={heading}>
            {t('guide.remove')}
          </Button>
        )}
      </p>
      <SourceSettings source={g} onNote={onNote} />
      {confirming && (
        <InlineConfirm
          label={t('guide.remove')}
          question={t('guide.removeQuestion', { url: g.url })}
          action={t('guide.remove')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
      {rep && (
        <>
          <h3>{t('guide.report')}</h3>
          <p>
            {t('guide.reportSummary', {
              programmes: rep.programmes,
              channels: rep.channels_filled,
              guideChannels: rep.guide_channels,
              matched: rep.matched,
              skipped: rep.skipped,
            })}
          </p>
          {rep.problems.length > 0 && (
            <TableFrame label={t('guide.badEntries')}>
              <table className={styles.table}>
                <caption>{t('guide.badEntries')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('import.line')}</th>
                    <th scope="col">{t('import.problem')}</th>
                    <th scope="col">{t('import.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rep.problems.map((p, i) => (
                    <tr key={`${p.line}-${i}`}>
                      <th scope="row" className={styles.num}>
                        {p.line}
                      </th>
                      <td>{reasonText(p.reason)}</td>
                      <td className={own.url}>{p.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
          {rep.unmatched.length > 0 && <Unmatched source={g} onNote={onNote} />}
        </>
      )}
    </section>
  );
}

function Unmatched({ source, onNote }: { source: GuideSource; onNote: (s: string) => void }) {
  const { t } = useTranslation('operator-channels');
  const list = useQuery(unmatchedQuery(source.id));
  const lineup = useQuery(lineupQuery());
  if (!list.data || !lineup.data) return <QueryState error={list.error ?? lineup.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <p className={styles.muted}>{t('guide.allMatched')}</p>;
  return (
    <TableFrame label={t('guide.unmatched')}>
      <table className={styles.table}>
        <caption>{t('guide.unmatched')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('guide.guideChannel')}</th>
            <th scope="col">{t('guide.programmes')}</th>
            <th scope="col">{t('guide.match')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((u) => (
            <UnmatchedRow key={u.guide_id} source={source} row={u} channels={lineup.data.channels} onNote={onNote} />
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function UnmatchedRow({ source, row, channels, onNote }: { source: GuideSource; row: GuideUnmatched; channels: Channel[]; onNote: (s: string) => void }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [channel, setChannel] = useState(row.suggestion ? String(row.suggestion.channel_id) : '');
  const id = useId();
  const label = row.name || row.guide_id;
  const map = useMutation({
    mutationFn: () => mapGuideChannel(source.id, row.guide_id, Number(channel)),
    onSuccess: (c) => {
      onNote(t('guide.mapped', { guide: label, channel: c.name }));
      void client.invalidateQueries({ queryKey: channelKeys.unmatched(source.id) });
      void client.invalidateQueries({ queryKey: channelKeys.lineup() });
    },
  });
  return (
    <tr>
      <th scope="row">
        {label} <span className={`${styles.mono} ${styles.small}`}>({row.guide_id})</span>
      </th>
      <td className={styles.num}>{row.programmes}</td>
      <td>
        <div className={styles.formRow}>
          <label htmlFor={id} className="visually-hidden">
            {t('guide.channelFor', { name: label })}
          </label>
          <select id={id} className={styles.select} value={channel} onChange={(e) => setChannel(e.target.value)}>
            <option value="">{t('guide.pick')}</option>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.number}. {c.name}
                {row.suggestion?.channel_id === c.id ? ` (${t('guide.suggested')})` : ''}
              </option>
            ))}
          </select>
          <Button size="small" variant="secondary" disabled={!channel || map.isPending} onClick={() => map.mutate()} aria-label={t('guide.confirmFor', { name: label })}>
            {t('guide.confirm')}
          </Button>
        </div>
        {map.error && (
          <p role="alert" className={`${styles.errorText} ${styles.small}`}>
            {errorText(tc, map.error)}
          </p>
        )}
      </td>
    </tr>
  );
}

/** The source's period and whether the job fetches it. */
function SourceSettings({ source, onNote }: { source: GuideSource; onNote: (s: string) => void }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [every, setEvery] = useState(String(source.every_hours));
  const [enabled, setEnabled] = useState(source.enabled);
  const save = useMutation({
    mutationFn: () => patchGuideSource(source.id, { every_hours: Number(every) || source.every_hours, enabled }),
    onSuccess: (g) => {
      onNote(t('guide.settingsSaved', { url: g.url }));
      void client.invalidateQueries({ queryKey: channelKeys.guides() });
    },
  });
  return (
    <form
      className={styles.formRow}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <TextField label={t('guide.every')} type="number" min={1} max={168} value={every} onChange={(e) => setEvery(e.target.value)} />
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {t('guide.enabled')}
      </label>
      <Button type="submit" size="small" variant="secondary" aria-disabled={save.isPending || undefined}>
        {t('guide.saveSettings')}
      </Button>
      <FormError message={save.error ? errorText(tc, save.error) : null} />
    </form>
  );
}
