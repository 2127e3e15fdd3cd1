import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/errors';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { fieldError } from '../ui/amount';
import { errorText } from '../ui/errorText';
import { addDays, fromLocalInput, toLocalInput } from '../ui/dates';
import { formatUnixDate } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { grantPacket, packetsQuery, type GrantFields } from './api';
import own from './card.module.css';
import { useCardRefresh } from './useCardRefresh';

const GRANT_FIELDS = ['packet_id', 'start_at', 'end_at'] as const;

type Problem = 'packet' | 'end' | 'endBeforeStart' | 'endPast' | 'start';

/**
 * Giving a packet free of charge (a grant): the packet (the operator's paid ones), the
 * start (now by default) and the end, with quick ends a week or a month after the start.
 * A start at or before now is sent as "now" (the server starts it then).
 */
export function GrantForm({ id, onDone, onCancel }: { id: string; onDone: (message: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('operator');
  const packets = useQuery(packetsQuery());
  const { patch, refresh } = useCardRefresh(id);
  const [packetId, setPacketId] = useState('');
  const [start, setStart] = useState(() => toLocalInput(new Date()));
  const [end, setEnd] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const ids = { title: useId(), packet: useId(), start: useId(), end: useId(), quick: useId() };
  const grantable = (packets.data ?? []).filter((p) => !p.is_free);

  const grant = useMutation({
    mutationFn: (body: GrantFields) => grantPacket(id, body),
    onSuccess: (sub) => {
      patch((c) => ({ ...c, subscriptions: [sub, ...c.subscriptions.filter((s) => s.id !== sub.id)] }));
      void refresh();
      onDone(t('grant.done', { packet: sub.packet_name, date: formatUnixDate(sub.end_at, i18n.language) ?? '' }));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const now = Math.floor(Date.now() / 1000);
    const startAt = fromLocalInput(start);
    const endAt = fromLocalInput(end);
    const found: Problem[] = [];
    if (!packetId) found.push('packet');
    if (start && startAt === null) found.push('start');
    if (endAt === null) found.push('end');
    else if (startAt !== null && endAt <= startAt) found.push('endBeforeStart');
    else if (endAt <= now) found.push('endPast');
    setProblems(found);
    if (found.length > 0 || endAt === null || grant.isPending) return;
    grant.mutate({ packet_id: Number(packetId), ...(startAt !== null && startAt > now ? { start_at: startAt } : {}), end_at: endAt });
  };

  const quick = (days: number) => {
    setEnd(addDays(start || toLocalInput(new Date()), days));
    setProblems((p) => p.filter((x) => x === 'packet' || x === 'start'));
  };

  // The server's word on a field (400 detail), else the form's own check.
  const packetError = fieldError(grant.error, 'packet_id') ?? (problems.includes('packet') ? t('grant.packetRequired') : null);
  const startError = fieldError(grant.error, 'start_at') ?? (problems.includes('start') ? t('grant.badDate') : null);
  const endError =
    fieldError(grant.error, 'end_at') ??
    (problems.includes('end')
      ? t('grant.endRequired')
      : problems.includes('endBeforeStart')
        ? t('grant.endBeforeStart')
        : problems.includes('endPast')
          ? t('grant.endPast')
          : null);
  // A 400 whose details went to the fields keeps only its main message here.
  const onFields = GRANT_FIELDS.some((f) => fieldError(grant.error, f));
  const formError = !grant.error ? null : onFields && isApiError(grant.error) && grant.error.message ? grant.error.message : errorText(t, grant.error);

  return (
    <form
      className={`${styles.panel} ${own.form}`}
      aria-labelledby={ids.title}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !grant.isPending) onCancel();
      }}
    >
      <h3 id={ids.title}>{t('grant.title')}</h3>
      <p className={`${styles.muted} ${styles.small}`}>{t('grant.intro')}</p>
      {!packets.data ? (
        <QueryState error={packets.error} onRetry={() => void packets.refetch()} />
      ) : grantable.length === 0 ? (
        <p className={styles.notice} data-kind="warning">
          {t('grant.noPackets')}
        </p>
      ) : (
        <div className={own.fields}>
          <div className={`${styles.control} ${own.wide}`}>
            <label htmlFor={ids.packet} className={styles.label}>
              {t('grant.packet')}
            </label>
            <select
              id={ids.packet}
              className={styles.select}
              value={packetId}
              autoFocus
              onChange={(e) => setPacketId(e.target.value)}
              aria-invalid={packetError ? true : undefined}
              aria-describedby={packetError ? `${ids.packet}-error` : undefined}
            >
              <option value="">{t('grant.choose')}</option>
              {grantable.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.is_hidden ? t('grant.hiddenPacket', { name: p.name }) : p.name}
                </option>
              ))}
            </select>
            {packetError && (
              <span id={`${ids.packet}-error`} className={`${styles.errorText} ${styles.small}`}>
                {packetError}
              </span>
            )}
          </div>
          <div className={styles.control}>
            <label htmlFor={ids.start} className={styles.label}>
              {t('grant.start')}
            </label>
            <input
              id={ids.start}
              className={styles.input}
              type="datetime-local"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              aria-invalid={startError ? true : undefined}
              aria-describedby={`${ids.start}-hint${startError ? ` ${ids.start}-error` : ''}`}
            />
            <span id={`${ids.start}-hint`} className={styles.hint}>
              {t('grant.startHint')}
            </span>
            {startError && (
              <span id={`${ids.start}-error`} className={`${styles.errorText} ${styles.small}`}>
                {startError}
              </span>
            )}
          </div>
          <div className={styles.control}>
            <label htmlFor={ids.end} className={styles.label}>
              {t('grant.end')}
            </label>
            <input
              id={ids.end}
              className={styles.input}
              type="datetime-local"
              value={end}
              min={start || undefined}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? `${ids.end}-error` : undefined}
            />
            <span role="group" aria-labelledby={ids.quick} className={own.quick}>
              <span id={ids.quick} className={styles.hint}>
                {t('grant.quick')}
              </span>
              <Button size="small" variant="ghost" onClick={() => quick(7)}>
                {t('grant.plus7')}
              </Button>
              <Button size="small" variant="ghost" onClick={() => quick(30)}>
                {t('grant.plus30')}
              </Button>
            </span>
            {endError && (
              <span id={`${ids.end}-error`} className={`${styles.errorText} ${styles.small}`}>
                {endError}
              </span>
            )}
          </div>
        </div>
      )}
      {formError && (
        <p role="alert" className={`${styles.errorText} ${styles.small}`}>
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={grantable.length === 0} aria-disabled={grant.isPending || undefined}>
          {t('grant.submit')}
        </Button>
        <Button size="small" variant="ghost" aria-disabled={grant.isPending || undefined} onClick={() => !grant.isPending && onCancel()}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
