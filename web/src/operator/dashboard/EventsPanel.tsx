import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import type { Period } from './api';
import { BarChart } from './BarChart';
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
        <CountTable caption={t('events.startsByType')} column={t('events.startType')} rows={data.starts_by_type.map((r) => ({ name: t(`events.start.${r.name}`, { defaultValue: r.name }), n: r.events }))} />
        <CountTable caption={t('events.topEvents')} column={t('events.eventName')} rows={data.top_events.map((r) => ({ name: r.name, n: r.events }))} />
        <CountTable caption={t('events.byState')} column={t('events.state')} rows={data.by_state.map((r) => ({ name: t(`events.states.${r.name}`, { defaultValue: r.name }), n: r.events }))} />
      </div>
    </>
  );
}

function CountTable({ caption, column, rows }: { caption: string; column: string; rows: { name: string; n: number }[] }) {
  const { t, i18n } = useTranslation('operator-dashboard');
  return (
    <TableFrame label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col" className={styles.num}>
              {t('events.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className={styles.muted}>
                {t('events.none')}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td className={styles.num}>{r.n.toLocaleString(i18n.language)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}
