import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import type { Period } from './api';
import { BarChart } from './BarChart';
import { CountTable, type CountRow } from './CountTable';
import local from './dashboard.module.css';
import { EVENT_KINDS, eventsQuery, type DashboardEvents } from './eventsApi';
import { bucketLabel } from './model';

/** The viewer's pages' analytics: events per day by kind, playback starts and errors, and what they were. */
export function EventsPanel({ period }: { period: Period }) {
  const { t } = useTranslation('operator-dashboard');
  const q = useQuery(eventsQuery(period));
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{t('events.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('events.note')}</p>
      {!q.data ? <QueryState error={q.error} onRetry={() => void q.refetch()} /> : <EventsView data={q.data} />}
    </section>
  );
}

function EventsView({ data }: { data: DashboardEvents }) {
  const { t, i18n } = useTranslation('operator-dashboard');
  const lng = i18n.language;
  const count = (n: number) => n.toLocaleString(lng);
  const labels = data.days.map((d) => bucketLabel(d.start, 'day', lng));
  const kinds = EVENT_KINDS.map((k) => ({ key: k, name: t(`events.kind.${k}`), values: data.days.map((d) => d.by_kind[k]) }));
  const playback = (['playback_start', 'playback_error'] as const).map((k) => ({ key: k, name: t(`events.kind.${k}`), values: data.days.map((d) => d.by_kind[k]) }));
  const total = data.days.reduce((s, d) => s + EVENT_KINDS.reduce((a, k) => a + d.by_kind[k], 0), 0);
  const starts = data.days.reduce((s, d) => s + d.by_kind.playback_start, 0);
  const errors = data.days.reduce((s, d) => s + d.by_kind.playback_error, 0);
  const counted = { countColumn: t('events.count'), empty: t('events.none') };
  return (
    <>
      <p>
        {t('events.totals', { total: count(total), starts: count(starts), errors: count(errors) })}
      </p>
      <div className={local.grid}>
        <div>
          <h3 className={local.subhead}>{t('events.byKind')}</h3>
          <BarChart stacks={kinds} labels={labels} summary={t('events.byKindSummary', { total: count(total), from: labels[0], to: labels[labels.length - 1] })} format={count} />
        </div>
        <div>
          <h3 className={local.subhead}>{t('events.playback')}</h3>
          <BarChart stacks={playback} labels={labels} summary={t('events.playbackSummary', { starts: count(starts), errors: count(errors) })} format={count} />
        </div>
      </div>
      <details className={local.details}>
        <summary>{t('chart.showTable', { title: t('events.byKind') })}</summary>
        <TableFrame label={t('events.byKind')}>
          <table className={styles.table}>
            <caption>{t('events.byKind')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.when')}</th>
                {kinds.map((k) => (
                  <th key={k.key} scope="col" className={styles.num}>
                    {k.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={data.days[i]!.start}>
                  <th scope="row">{label}</th>
                  {kinds.map((k) => (
                    <td key={k.key} className={styles.num}>
                      {count(k.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </details>
      <div className={local.grid}>
        <CountTable caption={t('events.startsByType')} column={t('events.startType')} rows={counts(data.starts_by_type, (n) => t(`events.start.${n}`, { defaultValue: n }))} {...counted} />
        <CountTable caption={t('events.topEvents')} column={t('events.eventName')} rows={counts(data.top_events, (n) => n)} {...counted} />
        <CountTable caption={t('events.byState')} column={t('events.state')} rows={counts(data.by_state, (n) => t(`events.states.${n}`, { defaultValue: n }))} {...counted} />
      </div>
    </>
  );
}

/** The rows of a count table: each named count with its shown name. */
function counts(list: { name: string; events: number }[], label: (name: string) => string): CountRow[] {
  return list.map((r) => ({ key: r.name, name: label(r.name), n: r.events }));
}
