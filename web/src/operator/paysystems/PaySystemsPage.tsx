import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import own from '../packets/packets.module.css';
import {
  addPaySystem,
  changePaySystem,
  orderPaySystems,
  PAYSYSTEM_KINDS,
  paySystemKeys,
  paySystemsQuery,
  type ConsolePaySystem,
  type PaySystemKind,
  type PaySystemsPage as Page,
} from './api';
import { GatewayPanel } from './GatewayPanel';

/** Usable by a change's answer: the page after it. */
function usePageChange<V>(fn: (v: V) => Promise<Page>, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      client.setQueryData(paySystemKeys.all, answer);
      void client.invalidateQueries({ queryKey: ['operator', 'packet-choices'] });
      onDone?.();
    },
  });
}

/** The pay systems viewers are offered, their texts and order, and the payment gateway. */
export default function PaySystemsPage() {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const session = useStaffSession();
  const page = useQuery(paySystemsQuery());
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const move = usePageChange(orderPaySystems, () => setStatus(t('paysystems.moved')));
  useTitle(t('paysystems.title'));
  const caption = t('paysystems.caption', { operator: session.provider.name });

  const moveBy = (list: ConsolePaySystem[], i: number, by: -1 | 1) => {
    const order = list.map((p) => p.shortname);
    const [one] = order.splice(i, 1);
    order.splice(i + by, 0, one!);
    move.mutate(order);
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('paysystems.title')}</h1>
      </div>
      {!page.data ? (
        <QueryState error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <>
          <GatewayPanel gateway={page.data.gateway} />
          <section className={styles.panel} aria-label={t('paysystems.listTitle')}>
            <h2>{t('paysystems.listTitle')}</h2>
            <p className={`${styles.muted} ${styles.small}`}>{t('paysystems.intro')}</p>
            <TableFrame label={caption}>
              <table className={styles.table}>
                <caption>{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('paysystems.titleColumn')}</th>
                    <th scope="col">{t('paysystems.kind')}</th>
                    <th scope="col">{t('paysystems.state')}</th>
                    <th scope="col">{t('paysystems.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.paysystems.map((ps, i, list) => (
                    <Fragment key={ps.shortname}>
                    <tr>
                      <th scope="row">
                        {ps.title} <span className={`${styles.muted} ${styles.small}`}>{ps.shortname}</span>
                      </th>
                      <td>{kindName(t, ps.kind)}</td>
                      <td>
                        {ps.enabled ? t('paysystems.on') : t('paysystems.off')}
                        {ps.enabled && ps.online && !page.data.gateway.gateway && (
                          <span className={`${styles.muted} ${styles.small}`}> {t('paysystems.needsGateway')}</span>
                        )}
                      </td>
                      <td>
                        <span className={styles.actions}>
                          <Button size="small" variant="secondary" onClick={() => setEditing(ps.shortname)} aria-label={t('paysystems.editFor', { title: ps.title })}>
                            {t('paysystems.edit')}
                          </Button>
                          <Button size="small" variant="secondary" disabled={i === 0 || move.isPending} onClick={() => moveBy(list, i, -1)} aria-label={t('paysystems.upFor', { title: ps.title })}>
                            {t('paysystems.up')}
                          </Button>
                          <Button
                            size="small"
                            variant="secondary"
                            disabled={i === list.length - 1 || move.isPending}
                            onClick={() => moveBy(list, i, 1)}
                            aria-label={t('paysystems.downFor', { title: ps.title })}
                          >
                            {t('paysystems.down')}
                          </Button>
                        </span>
                      </td>
                    </tr>
                    {editing === ps.shortname && (
                      <tr>
                        <td colSpan={4}>
                          <PaySystemForm
                            paySystem={ps}
                            onClose={(saved) => {
                              setEditing(null);
                              if (saved) setStatus(t('paysystems.saved', { title: ps.title }));
                            }}
                          />
                        </td>
                      </tr>
                    )}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </TableFrame>
            <FormError message={move.error ? errorText(tc, move.error) : null} />
            <p role="status" className={styles.small}>
              {status}
            </p>
          </section>
          <AddPaySystemForm onAdded={(title) => setStatus(t('paysystems.added', { title }))} />
        </>
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'operator-packets'>>['t'];

function kindName(t: T, kind: string): string {
  return (PAYSYSTEM_KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind as PaySystemKind}`) : kind;
}

/** A pay system's texts and whether viewers are offered it. */
function PaySystemForm({ paySystem, onClose }: { paySystem: ConsolePaySystem; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const ids = { title: useId(), howTo: useId(), howToPacket: useId(), button: useId() };
  const [f, setF] = useState({
    title: paySystem.title,
    how_to_use: paySystem.how_to_use,
    how_to_use_packet: paySystem.how_to_use_packet,
    button_text: paySystem.button_text,
    skip_parental_control: paySystem.skip_parental_control,
    enabled: paySystem.enabled,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePageChange(changePaySystem, () => onClose(true));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!f.title.trim()) return setProblem(t('errors.title'));
    setProblem(null);
    save.mutate({ shortname: paySystem.shortname, ...f });
  };
  const text = (key: 'title' | 'how_to_use' | 'how_to_use_packet' | 'button_text', id: string, label: string, long?: boolean) => (
    <div className={`${styles.control} ${long ? own.wide : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {long ? (
        <textarea id={id} className={`${styles.input} ${own.textarea}`} value={f[key]} maxLength={1000} onChange={(e) => setF({ ...f, [key]: e.target.value })} />
      ) : (
        <input id={id} className={styles.input} value={f[key]} maxLength={100} onChange={(e) => setF({ ...f, [key]: e.target.value })} />
      )}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('paysystems.editFor', { title: paySystem.title })}>
      <div className={own.grid}>
        {text('title', ids.title, t('paysystems.fields.title'))}
        {text('button_text', ids.button, t('paysystems.fields.button'))}
        {text('how_to_use', ids.howTo, t('paysystems.fields.howTo'), true)}
        {text('how_to_use_packet', ids.howToPacket, t('paysystems.fields.howToPacket'), true)}
      </div>
      <div className={own.flags}>
        <label className={own.check}>
          <input type="checkbox" checked={f.enabled} onChange={(e) => setF({ ...f, enabled: e.target.checked })} />
          {t('paysystems.fields.enabled')}
        </label>
        <label className={own.check}>
          <input type="checkbox" checked={f.skip_parental_control} onChange={(e) => setF({ ...f, skip_parental_control: e.target.checked })} />
          {t('paysystems.fields.skipParental')}
        </label>
      </div>
      <span className={styles.actions}>
        <Button type="submit" size="small" disabled={save.isPending}>
          {t('common.save')}
        </Button>
        <Button size="small" variant="secondary" onClick={() => onClose(false)}>
          {t('common.cancel')}
        </Button>
      </span>
      <FormError message={problem ?? (save.error ? errorText(tc, save.error) : null)} />
    </form>
  );
}

function AddPaySystemForm({ onAdded }: { onAdded: (title: string) => void }) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const ids = { title: useId(), name: useId(), short: useId(), kind: useId() };
  const [title, setTitle] = useState('');
  const [shortname, setShortname] = useState('');
  const [kind, setKind] = useState<PaySystemKind>('short_url');
  const [problem, setProblem] = useState<string | null>(null);
  const add = usePageChange(addPaySystem, () => {
    onAdded(title.trim());
    setTitle('');
    setShortname('');
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setProblem(t('errors.title'));
    if (!/^[a-z0-9_]{1,32}$/.test(shortname)) return setProblem(t('errors.shortname'));
    setProblem(null);
    add.mutate({ shortname, kind, title: title.trim() });
  };
  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('paysystems.add')}</h2>
      <form className={styles.formRow} onSubmit={submit} noValidate>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.name} className={styles.label}>
            {t('paysystems.fields.title')}
          </label>
          <input id={ids.name} className={styles.input} value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.short} className={styles.label}>
            {t('paysystems.fields.shortname')}
          </label>
          <input id={ids.short} className={styles.input} value={shortname} maxLength={32} onChange={(e) => setShortname(e.target.value)} autoComplete="off" />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.kind} className={styles.label}>
            {t('paysystems.kind')}
          </label>
          <select id={ids.kind} className={styles.select} value={kind} onChange={(e) => setKind(e.target.value as PaySystemKind)}>
            {PAYSYSTEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="small" disabled={add.isPending} className={styles.besideField}>
          {t('paysystems.addButton')}
        </Button>
      </form>
      <FormError message={problem ?? (add.error ? errorText(tc, add.error) : null)} />
    </section>
  );
}
