import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '@/shared/lib/money';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { Permission } from '../api/types';
import { paths } from '../paths';
import { useCan, useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { createPacket, packetKeys, packetListQuery, readPrice } from './api';

/** The operator's packets in the viewers' order; with packets.write also a new packet. */
export default function PacketsPage() {
  const { t, i18n } = useTranslation('operator-packets');
  const session = useStaffSession();
  const writable = useCan(Permission.packetsWrite);
  const list = useQuery(packetListQuery());
  const [creating, setCreating] = useState(false);
  useTitle(t('list.title'));
  const caption = t('list.caption', { operator: session.provider.name });

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('list.title')}</h1>
        {writable && !creating && (
          <Button size="small" onClick={() => setCreating(true)}>
            {t('list.new')}
          </Button>
        )}
      </div>
      {creating && <NewPacketForm onCancel={() => setCreating(false)} />}
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('list.empty')}</p>
      ) : (
        <TableFrame label={caption}>
          <table className={styles.table}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.kind')}</th>
                <th scope="col">{t('list.price')}</th>
                <th scope="col">{t('list.sale')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={paths.packet(p.id)}>{p.name}</Link>
                    {p.short && <span className={`${styles.muted} ${styles.small}`}> {p.short}</span>}
                  </th>
                  <td>{p.is_bundle ? t('kind.bundle') : p.is_base ? t('kind.base') : t('kind.addon')}</td>
                  <td className={styles.num}>{p.is_free ? t('list.free') : t('list.perMonth', { price: formatMoney(p.price, p.currency || 'RUB', i18n.language) })}</td>
                  <td>{p.is_hidden ? t('list.offSale') : t('list.onSale')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

/** A new packet: its name and kind, and optionally its first price; then its editor opens. */
function NewPacketForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const navigate = useNavigate();
  const ids = { title: useId(), name: useId(), kind: useId(), months: useId(), price: useId() };
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'base' | 'addon'>('base');
  const [months, setMonths] = useState('1');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<{ field: 'name' | 'price' | 'months'; text: string } | null>(null);
  const create = useMutation({
    mutationFn: createPacket,
    onSuccess: (p) => {
      void client.invalidateQueries({ queryKey: packetKeys.all });
      void navigate(paths.packet(p.id));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem({ field: 'name', text: tc('login.required') });
    const body: Parameters<typeof createPacket>[0] = { name: name.trim(), is_base: kind === 'base' };
    if (price.trim()) {
      const minor = readPrice(price);
      const m = Number(months);
      if (minor === null) return setProblem({ field: 'price', text: t('errors.price') });
      if (!Number.isInteger(m) || m < 1 || m > 36) return setProblem({ field: 'months', text: t('errors.months') });
      body.periods = [{ months: m, amount: minor }];
    }
    setProblem(null);
    create.mutate(body);
  };
  const invalid = (field: 'name' | 'price' | 'months', id: string) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  const fieldError = (field: 'name' | 'price' | 'months', id: string) =>
    problem?.field === field && (
      <span id={`${id}-error`} className={`${styles.errorText} ${styles.small}`}>
        {problem.text}
      </span>
    );

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('create.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('create.intro')}</p>
      <form className={styles.formRow} onSubmit={submit} noValidate>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.name} className={styles.label}>
            {t('fields.name')}
          </label>
          <input id={ids.name} className={styles.input} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoComplete="off" {...invalid('name', ids.name)} />
          {fieldError('name', ids.name)}
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.kind} className={styles.label}>
            {t('fields.kind')}
          </label>
          <select id={ids.kind} className={styles.select} value={kind} onChange={(e) => setKind(e.target.value as 'base' | 'addon')}>
            <option value="base">{t('kind.base')}</option>
            <option value="addon">{t('kind.addon')}</option>
          </select>
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.months} className={styles.label}>
            {t('fields.months')}
          </label>
          <input id={ids.months} className={styles.input} type="number" min={1} max={36} value={months} onChange={(e) => setMonths(e.target.value)} {...invalid('months', ids.months)} />
          {fieldError('months', ids.months)}
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.price} className={styles.label}>
            {t('fields.price')}
          </label>
          <input id={ids.price} className={styles.input} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} autoComplete="off" {...invalid('price', ids.price)} />
          {fieldError('price', ids.price)}
        </div>
        <Button type="submit" size="small" disabled={create.isPending} className={styles.besideField}>
          {t('common.save')}
        </Button>
        <Button variant="secondary" size="small" onClick={onCancel} className={styles.besideField}>
          {t('common.cancel')}
        </Button>
      </form>
      <FormError message={create.error ? errorText(tc, create.error) : null} />
    </section>
  );
}
