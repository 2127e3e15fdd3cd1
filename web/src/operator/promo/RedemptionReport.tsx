import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';
import { Pager } from '../subscribers/Pager';
import styles from '../ui/console.module.css';
import { formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { REPORT_PAGE, reportQuery, type PromoCampaign } from './api';
import own from './promo.module.css';

const DAY = 86_400;
const pad = (n: number) => String(n).padStart(2, '0');
const dateInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Unix seconds of a date field's local midnight (null: not a date). */
const dayStart = (value: string): number | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = new Date(`${value}T00:00`).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
};

/**
 * Redemptions of a period (the last 30 days at first), of one campaign or all: per day, per
 * campaign, and one by one with who redeemed (a link to the subscriber's card).
 */
export function RedemptionReport({ campaigns }: { campaigns: PromoCampaign[] }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc, i18n } = useTranslation('operator');
  const id = useId();
  const [campaignId, setCampaignId] = useState(0);
  const [from, setFrom] = useState(() => dateInput(new Date(Date.now() - 29 * DAY * 1000)));
  const [to, setTo] = useState(() => dateInput(new Date()));
  const [page, setPage] = useState(1);
  const fromS = dayStart(from);
  const toS = dayStart(to);
  const valid = fromS !== null && toS !== null && fromS <= toS;
  const report = useQuery({ ...reportQuery({ campaignId, from: fromS ?? 0, to: (toS ?? 0) + DAY, page }), enabled: valid });
  const data = report.data;
  const most = Math.max(1, ...(data?.days.map((d) => d.count) ?? [1]));
  const lng = i18n.language;

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('report.title')}</h2>
      <div className={own.filters}>
        <div className={styles.control}>
          <label htmlFor={`${id}-campaign`} className={styles.label}>
            {t('report.campaign')}
          </label>
          <select
            id={`${id}-campaign`}
            className={styles.select}
            value={campaignId}
            onChange={(e) => {
              setCampaignId(Number(e.target.value));
              setPage(1);
            }}
          >
            <option value={0}>{t('report.allCampaigns')}</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.control}>
          <label htmlFor={`${id}-from`} className={styles.label}>
            {t('report.from')}
          </label>
          <input id={`${id}-from`} type="date" className={styles.input} value={from} onChange={(e) => (setFrom(e.target.value), setPage(1))} />
        </div>
        <div className={styles.control}>
          <label htmlFor={`${id}-to`} className={styles.label}>
            {t('report.to')}
          </label>
          <input id={`${id}-to`} type="date" className={styles.input} value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} />
        </div>
      </div>
      {!valid ? (
        <p className={styles.errorText} role="alert">
          {t('report.badPeriod')}
        </p>
      ) : !data ? (
        <QueryState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <p aria-live="polite" data-testid="redemptions-total">
            {t('report.total', { count: data.total })}
          </p>
          {data.total > 0 && (
            <div className={styles.columns}>
              <TableFrame label={t('report.byDay')}>
                <table className={styles.table}>
                  <caption>{t('report.byDay')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('report.day')}</th>
                      <th scope="col">{t('report.count')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.days.map((d) => (
                      <tr key={d.day}>
                        <th scope="row" className={styles.nowrap}>
                          {new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d.day}T00:00:00Z`))}
                        </th>
                        <td className={styles.num}>
                          <span className={own.bar} style={{ width: `${Math.round((d.count / most) * 120)}px` }} aria-hidden="true" />
                          {d.count}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <TableFrame label={t('report.byCampaign')}>
                <table className={styles.table}>
                  <caption>{t('report.byCampaign')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('report.campaign')}</th>
                      <th scope="col">{t('report.count')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.campaigns.map((c) => (
                      <tr key={c.id}>
                        <th scope="row">{c.name}</th>
                        <td className={styles.num}>{c.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            </div>
          )}
          {data.items.length > 0 && (
            <>
              <TableFrame label={t('report.items')} busy={report.isFetching}>
                <table className={styles.table}>
                  <caption>{t('report.items')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('report.when')}</th>
                      <th scope="col">{t('report.key')}</th>
                      <th scope="col">{t('report.campaign')}</th>
                      <th scope="col">{t('report.viewer')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((x) => (
                      <tr key={`${x.key}-${x.user_id}`}>
                        <td className={styles.nowrap}>{formatUnixDateTime(x.created_at, lng) ?? tc('common.none')}</td>
                        <th scope="row" className={styles.mono}>
                          {x.key}
                        </th>
                        <td>{x.campaign_name}</td>
                        <td>
                          <Link to={paths.subscriber(x.user_id)}>{x.login || x.phone || `#${x.user_id}`}</Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              {(page > 1 || data.items.length === REPORT_PAGE) && (
                <Pager label={t('report.pages')} page={page} hasNext={data.items.length === REPORT_PAGE} onPage={setPage} />
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
