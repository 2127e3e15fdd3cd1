import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { TextField } from '../ui/TextField';
import { addBlackout, blackoutsQuery, channelKeys, deleteBlackout, fromLocalInput, type Channel } from './api';

/** Time ranges of the channel that cannot be replayed (their programmes lose catch-up). */
export function BlackoutsPanel({ channel }: { channel: Channel }) {
  const { t, i18n } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const list = useQuery(blackoutsQuery(channel.id));
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const heading = useId();
  const refresh = () => void client.invalidateQueries({ queryKey: channelKeys.blackouts(channel.id) });
  const add = useMutation({
    mutationFn: () => addBlackout(channel.id, { start: fromLocalInput(start), end: fromLocalInput(end), reason: reason.trim() }),
    onSuccess: () => {
      setStart('');
      setEnd('');
      setReason('');
      setNote(t('blackouts.added'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteBlackout(channel.id, id),
    onSuccess: () => {
      setNote(t('blackouts.removed'));
      refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fromLocalInput(start) || !fromLocalInput(end)) return setProblem(t('blackouts.missing'));
    setProblem(null);
    add.mutate();
  };
  const failed = add.error ?? remove.error;
  return (
    <section className={styles.panel} aria-labelledby={heading}>
      <h2 id={heading}>{t('blackouts.title')}</h2>
      <p className={`${styles.small} ${styles.muted}`}>{t('blackouts.intro')}</p>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('blackouts.none')}</p>
      ) : (
        <TableFrame label={t('blackouts.title')}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('blackouts.start')}</th>
                <th scope="col">{t('blackouts.end')}</th>
                <th scope="col">{t('blackouts.reason')}</th>
                <th scope="col">{t('blackouts.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((b) => (
                <tr key={b.id}>
                  <th scope="row">{formatDateTime(b.start, i18n.language)}</th>
                  <td>{formatDateTime(b.end, i18n.language)}</td>
                  <td>{b.reason || tc('common.none')}</td>
                  <td>
                    <Button size="small" variant="secondary" onClick={() => remove.mutate(b.id)} aria-label={t('blackouts.removeOne', { start: formatDateTime(b.start, i18n.language) ?? '' })}>
                      {t('blackouts.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <form onSubmit={submit} noValidate>
        <div className={styles.formRow}>
          <TextField label={t('blackouts.start')} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          <TextField label={t('blackouts.end')} type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
          <TextField label={t('blackouts.reason')} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </div>
        <FormError message={problem ?? (failed ? errorText(tc, failed) : null)} />
        <p className={styles.actions}>
          <Button type="submit" size="small" aria-disabled={add.isPending || undefined}>
            {t('blackouts.add')}
          </Button>
        </p>
      </form>
      <StatusNote text={note} />
    </section>
  );
}
