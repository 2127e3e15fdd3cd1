import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import styles from '../ui/console.module.css';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { PERIODS, seriesQuery, watchingNowQuery, type Period, type WatchingNow } from './api';
import { BarChart, type BarStack } from './BarChart';
import { CountTable } from './CountTable';
import local from './dashboard.module.css';
import { EventsPanel } from './EventsPanel';
import { bucketLabel, seriesView, type SeriesView } from './model';

/** Who watches now (asked again every 30 s), and sign-ups, revenue, subscriptions and churn over a period. */
export default function DashboardPage() {
  const { t } = useTranslation('operator-dashboard');
  const [period, setPeriod] = useState<Period>('week');
  const now = useQuery(watchingNowQuery());
  const series = useQuery(seriesQuery(period));
  const periodName = useId();
  useTitle(t('title'));

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
      </div>
      <WatchingNowSection query={now} />
      <fieldset className={local.periods}>
        <legend>{t('period.label')}</legend>
        {PERIODS.map((p) => (
          <label key={p} className={local.period}>
            <input type="radio" name={periodName} value={p} checked={period === p} onChange={() => setPeriod(p)} />
            {t(`period.${p}`)}
          </label>
        ))}
      </fieldset>
      {!series.data ? (
        <QueryState error={series.error} onRetry={() => void series.refetch()} />
      ) : (
        <Charts view={seriesView(series.data)} />
      )}
      <EventsPanel period={period} />
    </div>
  );
}

function WatchingNowSection({ query }: { query: UseQueryResult<WatchingNow> }) {
  const { t, i18n } = useTranslation('operator-dashboard');
  const title = useId();
  const data = query.data;
  const watched = { countColumn: t('now.viewers'), empty: t('now.nobody') };
  return (
    <section className={styles.panel} aria-labelledby={title}>
      <h2 id={title}>{t('now.title')}</h2>
      {!data ? (
        <QueryState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className={local.big}>
            <span className="visually-hidden">{t('now.total')}: </span>
            {data.viewers.toLocaleString(i18n.language)}
          </p>
          <p className={`${styles.muted} ${styles.small}`}>
            {t('now.updated', { time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(data.at * 1000)) })}
          </p>
          <div className={local.grid}>
            <CountTable caption={t('now.byChannel')} column={t('now.channel')} {...watched} rows={viewers(data.by_channel)} />
            <CountTable caption={t('now.byContent')} column={t('now.content')} {...watched} rows={viewers(data.by_content)} />
          </div>
        </>
      )}
    </section>
  );
}

function Charts({ view }: { view: SeriesView }) {
  const { t, i18n } = useTranslation('operator-dashboard');
  const lng = i18n.language;
  const labels = view.starts.map((s) => bucketLabel(s, view.bucket, lng));
  const count = (n: number) => n.toLocaleString(lng);
  const percent = (r: number | null) => (r === null ? '—' : new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(r));
  const totals = (stacks: BarStack[]) => labels.map((_, i) => stacks.reduce((s, st) => s + (st.values[i] ?? 0), 0));
  const summary = (title: string, values: number[], format: (n: number) => string) => {
    if (values.length === 0) return t('chart.empty', { title });
    const max = Math.max(...values);
    return t('chart.summary', {
      title,
      from: labels[0],
      to: labels[labels.length - 1],
      max: format(max),
      when: labels[values.indexOf(max)],
      latest: format(values[values.length - 1] ?? 0),
    });
  };
  const revenue = view.revenue?.[0];
  const money = (currency: string) => (minor: number) => formatMoney(minor, currency, lng);
  const activeTotals = totals(view.active);

  return (
    <div className={local.grid}>
      <ChartSection title={t('charts.signUps')} note={t('notes.signUps')}>
        {(title) => (
          <>
            <BarChart stacks={[{ key: 'n', name: title, values: view.signUps }]} labels={labels} summary={summary(title, view.signUps, count)} format={count} />
            <NumbersTable caption={title} labels={labels} columns={[{ name: title, cells: view.signUps.map(count) }]} />
          </>
        )}
      </ChartSection>

      {view.revenue && (
        <ChartSection title={t('charts.revenue')} note={t('notes.revenue')}>
          {(title) => (
            <>
              {revenue ? (
                <BarChart
                  stacks={[{ key: revenue.currency, name: revenue.currency, values: revenue.values }]}
                  labels={labels}
                  summary={summary(`${title} (${revenue.currency})`, revenue.values, money(revenue.currency))}
                  format={money(revenue.currency)}
                />
              ) : (
                <p className={styles.muted}>{t('chart.noRevenue')}</p>
              )}
              <NumbersTable
                caption={title}
                labels={labels}
                columns={(view.revenue ?? []).map((r) => ({ name: r.currency, cells: r.values.map(money(r.currency)) }))}
              />
            </>
          )}
        </ChartSection>
      )}

      <ChartSection title={t('charts.active')} note={t('notes.active')}>
        {(title) => (
          <>
            <BarChart stacks={view.active} labels={labels} summary={summary(title, activeTotals, count)} format={count} />
            <NumbersTable
              caption={title}
              labels={labels}
              columns={[
                ...view.active.map((st) => ({ name: st.name, cells: st.values.map(count) })),
                { name: t('chart.total'), cells: activeTotals.map(count) },
              ]}
            />
          </>
        )}
      </ChartSection>

      {view.watchHours && (
        <ChartSection title={t('charts.watchHours')} note={t('notes.watchHours')}>
          {(title) => {
            const hours = view.watchHours ?? [];
            const format = (n: number) => n.toLocaleString(lng, { maximumFractionDigits: 1 });
            return (
              <>
                <BarChart stacks={[{ key: 'h', name: title, values: hours }]} labels={labels} summary={summary(title, hours, format)} format={format} />
                <NumbersTable caption={title} labels={labels} columns={[{ name: title, cells: hours.map(format) }]} />
              </>
            );
          }}
        </ChartSection>
      )}

      <ChartSection title={t('charts.churn')} note={t('notes.churn')}>
        {(title) => (
          <>
            <BarChart stacks={[{ key: 'churn', name: title, values: view.churn }]} labels={labels} summary={summary(title, view.churn, count)} format={count} />
            <NumbersTable
              caption={title}
              labels={labels}
              columns={[
                { name: t('churn.ended'), cells: view.churn.map(count) },
                { name: t('churn.activeAtStart'), cells: view.activeAtStart.map(count) },
                { name: t('churn.rate'), cells: view.churnRate.map(percent) },
              ]}
            />
          </>
        )}
      </ChartSection>
    </div>
  );
}

function ChartSection({ title, note, children }: { title: string; note: string; children: (title: string) => ReactNode }) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{note}</p>
      {children(title)}
    </section>
  );
}

/** The numbers behind a chart, folded under its picture. */
function NumbersTable({ caption, labels, columns }: { caption: string; labels: string[]; columns: { name: string; cells: string[] }[] }) {
  const { t } = useTranslation('operator-dashboard');
  return (
    <details className={local.details}>
      <summary>{t('chart.showTable', { title: caption })}</summary>
      <TableFrame label={caption}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.when')}</th>
              {columns.map((c) => (
                <th key={c.name} scope="col" className={styles.num}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={i}>
                <th scope="row">{label}</th>
                {columns.map((c) => (
                  <td key={c.name} className={styles.num}>
                    {c.cells[i]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </details>
  );
}

const viewers = (rows: WatchingNow['by_channel']) => rows.map((r) => ({ key: r.id, name: r.name, n: r.viewers }));
