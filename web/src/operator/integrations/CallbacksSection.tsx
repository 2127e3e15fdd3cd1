import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import own from './integrations.module.css';
import {
  CALLBACK_KINDS,
  CALLBACK_STATES,
  callbacksQuery,
  integrationKeys,
  PAGE,
  resendCallback,
  type BillingCallback,
  type CallbackFilter,
  type CallbackKind,
  type CallbackState,
} from './api';
import { Pager } from './Pager';

/** The callbacks sent to the billing with their answers and tries; a resend for a failed one. */
export function CallbacksSection() {
  const { t, i18n } = useTranslation('operator-integrations');
  const id = useId();
  const [filter, setFilter] = useState<CallbackFilter>({ kind: '', state: '', offset: 0 });
  const [note, setNote] = useState('');
  const list = useQuery({ ...callbacksQuery(filter), placeholderData: keepPreviousData });

  return (
    <section className={styles.section} aria-labelledby="integrations-callbacks">
      <h2 id="integrations-callbacks">{t('callbacks.heading')}</h2>
      <div className={styles.actions}>
        <span>
          <label className={styles.label} htmlFor={`${id}-kind`}>
            {t('callbacks.kind')}
          </label>{' '}
          <select id={`${id}-kind`} className={styles.select} value={filter.kind}
            onChange={(e) => setFilter({ ...filter, kind: e.target.value as CallbackKind | '', offset: 0 })}>
            <option value="">{t('callbacks.anyKind')}</option>
            {CALLBACK_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label className={styles.label} htmlFor={`${id}-state`}>
            {t('callbacks.state')}
          </label>{' '}
          <select id={`${id}-state`} className={styles.select} value={filter.state}
            onChange={(e) => setFilter({ ...filter, state: e.target.value as CallbackState | '', offset: 0 })}>
            <option value="">{t('callbacks.anyState')}</option>
            {CALLBACK_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`callbacks.states.${s}`)}
              </option>
            ))}
          </select>
        </span>
      </div>
      <StatusNote text={note} />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 && filter.offset === 0 ? (
        <p className={styles.muted}>{t('callbacks.empty')}</p>
      ) : (
        <>
          <TableFrame label={t('callbacks.caption')} busy={list.isPlaceholderData}>
            <table className={styles.table}>
              <caption>{t('callbacks.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('callbacks.at')}</th>
                  <th scope="col">{t('callbacks.kind')}</th>
                  <th scope="col">{t('callbacks.subscriber')}</th>
                  <th scope="col">{t('callbacks.state')}</th>
                  <th scope="col">{t('callbacks.attempts')}</th>
                  <th scope="col">{t('callbacks.answer')}</th>
                  <th scope="col">{t('callbacks.next')}</th>
                  <th scope="col">{t('callbacks.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((c) => (
                  <CallbackRow key={c.id} callback={c} lng={i18n.language}
                    onResent={(after) => setNote(t('callbacks.resent', { id: after.id, state: t(`callbacks.states.${after.state}`) }))} />
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pager label={t('log.pager', { list: t('callbacks.heading') })} offset={filter.offset} more={list.data.length === PAGE}
            onMove={(offset) => setFilter({ ...filter, offset })} />
        </>
      )}
    </section>
  );
}

function CallbackRow({ callback: c, lng, onResent }: { callback: BillingCallback; lng: string; onResent: (c: BillingCallback) => void }) {
  const { t } = useTranslation('operator-integrations');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendCallback(c.id),
    onSuccess: (after) => {
      onResent(after);
      void client.invalidateQueries({ queryKey: integrationKeys.all });
    },
  });
  const answer = c.last_error || c.last_answer || tc('common.none');
  return (
    <tr>
      <td className={styles.nowrap}>{formatDateTime(c.created_at, lng)}</td>
      <th scope="row" className={styles.mono}>
        {c.kind} <span className={`${styles.small} ${styles.muted}`}>#{c.id}</span>
      </th>
      <td className={styles.num}>{c.user_id || tc('common.none')}</td>
      <td>
        <span className={styles.pill} data-kind={c.state}>
          {t(`callbacks.states.${c.state}`)}
        </span>
      </td>
      <td className={styles.num}>{c.attempts}</td>
      <td>
        {c.last_status > 0 && <span className={styles.mono}>{c.last_status} </span>}
        {answer}
        <details>
          <summary>{t('callbacks.details', { id: c.id })}</summary>
          <ul className={styles.small}>
            {c.tries.map((a, i) => (
              <li key={i}>
                {formatDateTime(a.at, lng)}: {a.status ? t('callbacks.tryStatus', { status: a.status }) : t('callbacks.noAnswer')}
                {a.answer && ` — ${a.answer}`}
                {a.error && ` — ${a.error}`}
              </li>
            ))}
          </ul>
          <p className={styles.small}>{t('callbacks.body')}</p>
          <pre className={`${styles.mono} ${styles.small} ${own.payload}`}>{c.payload}</pre>
        </details>
      </td>
      <td className={styles.nowrap}>{formatDateTime(c.next_at, lng) ?? tc('common.none')}</td>
      <td>
        {c.resendable && (
          <Button size="small" variant="secondary" aria-label={t('callbacks.resendLabel', { id: c.id })} aria-disabled={resend.isPending || undefined}
            onClick={() => !resend.isPending && resend.mutate()}>
            {t('callbacks.resend')}
          </Button>
        )}
        {resend.error && (
          <p role="alert" className={`${styles.errorText} ${styles.small}`}>
            {errorText(tc, resend.error)}
          </p>
        )}
      </td>
    </tr>
  );
}
