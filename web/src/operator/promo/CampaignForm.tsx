import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { packetsQuery } from '../subscribers/api';
import styles from '../ui/console.module.css';
import { readAmount } from '../ui/amount';
import { fromLocalInput } from '../ui/dates';
import { errorText } from '../ui/errorText';
import { createCampaign, promoKeys, type CampaignFields, type PromoCampaign } from './api';
import own from './promo.module.css';

/** The most keys one campaign makes (the server's limit). */
export const MAX_KEYS = 100_000;

type Errors = Partial<Record<'name' | 'count' | 'days' | 'packets' | 'amount' | 'period' | 'limits', string>>;

const whole = (s: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(s.trim())) return null;
  const n = Number(s.trim());
  return n >= min && n <= max ? n : null;
};

/**
 * A new campaign: what a key gives (days of packets or money on the balance), how many keys,
 * their limits and validity. "Generate" makes the keys on the server at once.
 */
export function CampaignForm({ onDone, onCancel }: { onDone: (c: PromoCampaign) => void; onCancel: () => void }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const packets = useQuery(packetsQuery());
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'days' | 'balance'>('days');
  const [days, setDays] = useState('30');
  const [chosen, setChosen] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('100');
  const [usesPerKey, setUsesPerKey] = useState('1');
  const [perUser, setPerUser] = useState('0');
  const [total, setTotal] = useState('0');
  const [startsAt, setStartsAt] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const create = useMutation({
    mutationFn: createCampaign,
    onSuccess: (c) => {
      void client.invalidateQueries({ queryKey: promoKeys.all });
      onDone(c);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const fields: CampaignFields = { name: name.trim(), kind, count: 0, description: description.trim() };
    if (!fields.name) next.name = t('form.nameRequired');
    const n = whole(count, 1, MAX_KEYS);
    if (n === null) next.count = t('form.countRange');
    else fields.count = n;
    if (kind === 'days') {
      const d = whole(days, 1, 3660);
      if (d === null) next.days = t('form.daysRange');
      else fields.days = d;
      if (chosen.length === 0) next.packets = t('form.packetsRequired');
      fields.packet_ids = chosen;
    } else {
      const a = readAmount(amount);
      if (!a.ok) next.amount = t('form.amountInvalid');
      else fields.amount = a.minor;
    }
    const uses = whole(usesPerKey, 1, 1_000_000);
    const pu = whole(perUser, 0, 1_000_000);
    const tl = whole(total, 0, 100_000_000);
    if (uses === null || pu === null || tl === null) next.limits = t('form.limitsInvalid');
    else Object.assign(fields, { uses_per_key: uses, per_user_limit: pu, total_limit: tl });
    const from = startsAt ? fromLocalInput(startsAt) : 0;
    const to = expiresAt ? fromLocalInput(expiresAt) : 0;
    if (from === null || to === null || (to && from && to <= from)) next.period = t('form.periodInvalid');
    else Object.assign(fields, { starts_at: from, expires_at: to });
    setErrors(next);
    if (Object.keys(next).length === 0) create.mutate(fields);
  };

  const err = (key: keyof Errors) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});
  const errorNote = (key: keyof Errors) =>
    errors[key] ? (
      <span id={`${id}-${key}-error`} className={`${styles.errorText} ${styles.small}`}>
        {errors[key]}
      </span>
    ) : null;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('form.title')}</h2>
      <form onSubmit={submit} noValidate className={own.form}>
        <div className={styles.control}>
          <label htmlFor={`${id}-name`} className={styles.label}>
            {t('form.name')}
          </label>
          <input id={`${id}-name`} className={styles.input} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} {...err('name')} />
          {errorNote('name')}
        </div>

        <fieldset className={own.fieldset}>
          <legend className={styles.label}>{t('form.gives')}</legend>
          <label className={own.choice}>
            <input type="radio" name={`${id}-kind`} checked={kind === 'days'} onChange={() => setKind('days')} />
            {t('form.kindDays')}
          </label>
          <label className={own.choice}>
            <input type="radio" name={`${id}-kind`} checked={kind === 'balance'} onChange={() => setKind('balance')} />
            {t('form.kindBalance')}
          </label>
        </fieldset>

        {kind === 'days' ? (
          <>
            <div className={styles.control}>
              <label htmlFor={`${id}-days`} className={styles.label}>
                {t('form.days')}
              </label>
              <input id={`${id}-days`} className={styles.input} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} {...err('days')} />
              {errorNote('days')}
            </div>
            <fieldset className={own.fieldset} {...err('packets')}>
              <legend className={styles.label}>{t('form.packets')}</legend>
              {packets.isError && <p className={styles.errorText}>{errorText(tc, packets.error)}</p>}
              {(packets.data ?? []).map((p) => (
                <label key={p.id} className={own.choice}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(p.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))}
                  />
                  {p.name}
                </label>
              ))}
              {errorNote('packets')}
            </fieldset>
          </>
        ) : (
          <div className={styles.control}>
            <label htmlFor={`${id}-amount`} className={styles.label}>
              {t('form.amount')}
            </label>
            <input id={`${id}-amount`} className={styles.input} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} {...err('amount')} />
            {errorNote('amount')}
          </div>
        )}

        <div className={own.grid}>
          <div className={styles.control}>
            <label htmlFor={`${id}-count`} className={styles.label}>
              {t('form.count')}
            </label>
            <input id={`${id}-count`} className={styles.input} inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} {...err('count')} />
            {errorNote('count')}
          </div>
          <div className={styles.control}>
            <label htmlFor={`${id}-uses`} className={styles.label}>
              {t('form.usesPerKey')}
            </label>
            <input id={`${id}-uses`} className={styles.input} inputMode="numeric" value={usesPerKey} onChange={(e) => setUsesPerKey(e.target.value)} {...err('limits')} />
          </div>
          <div className={styles.control}>
            <label htmlFor={`${id}-peruser`} className={styles.label}>
              {t('form.perUser')}
            </label>
            <input id={`${id}-peruser`} className={styles.input} inputMode="numeric" value={perUser} onChange={(e) => setPerUser(e.target.value)} {...err('limits')} />
          </div>
          <div className={styles.control}>
            <label htmlFor={`${id}-total`} className={styles.label}>
              {t('form.total')}
            </label>
            <input id={`${id}-total`} className={styles.input} inputMode="numeric" value={total} onChange={(e) => setTotal(e.target.value)} {...err('limits')} />
          </div>
        </div>
        <p className={styles.hint}>{t('form.limitsHint')}</p>
        {errorNote('limits')}

        <div className={own.grid}>
          <div className={styles.control}>
            <label htmlFor={`${id}-from`} className={styles.label}>
              {t('form.startsAt')}
            </label>
            <input id={`${id}-from`} type="datetime-local" className={styles.input} value={startsAt} onChange={(e) => setStartsAt(e.target.value)} {...err('period')} />
          </div>
          <div className={styles.control}>
            <label htmlFor={`${id}-to`} className={styles.label}>
              {t('form.expiresAt')}
            </label>
            <input id={`${id}-to`} type="datetime-local" className={styles.input} value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} {...err('period')} />
          </div>
        </div>
        <p className={styles.hint}>{t('form.periodHint')}</p>
        {errorNote('period')}

        <div className={styles.control}>
          <label htmlFor={`${id}-description`} className={styles.label}>
            {t('form.description')}
          </label>
          <textarea
            id={`${id}-description`}
            className={`${styles.input} ${own.textarea}`}
            value={description}
            maxLength={1000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>

        <FormError message={create.error ? errorText(tc, create.error) : null} />
        <div className={styles.actions}>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('form.generating') : t('form.generate')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
            {tc('common.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
