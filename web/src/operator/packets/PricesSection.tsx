import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { Permission } from '../api/types';
import { useCan } from '../session/StaffContext';
import { InlineConfirm } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { TableFrame } from '../ui/TableFrame';
import { addPeriod, applyPrice, changePeriod, packetKeys, priceText, readPrice, withdrawPeriod, type ConsolePacket, type ConsolePeriod, type PacketChoices } from './api';
import own from './packets.module.css';

/** A change's answer is the packet after it: the page shows it at once. */
function usePacketChange<V>(fn: (v: V) => Promise<ConsolePacket>, onDone?: (p: ConsolePacket) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      client.setQueryData(packetKeys.detail(String(answer.id)), answer);
      void client.invalidateQueries({ queryKey: packetKeys.all, refetchType: 'none' });
      onDone?.(answer);
    },
  });
}

/**
 * The packet's price options. A new price applies to new purchases; subscribers keep the
 * price they bought at until "Apply to subscribers".
 */
export function PricesSection({ packet, choices }: { packet: ConsolePacket; choices: PacketChoices }) {
  const { t, i18n } = useTranslation('operator-packets');
  const writable = useCan(Permission.packetsWrite);
  const titleId = useId();
  const [status, setStatus] = useState('');
  const money = (minor: number) => formatMoney(minor, packet.currency || choices.currency, i18n.language);
  const titleOf = (names: string[]) =>
    names.length === 0 ? t('prices.everyPaySystem') : names.map((n) => choices.paysystems.find((p) => p.shortname === n)?.title ?? n).join(', ');
  const caption = t('prices.caption', { packet: packet.name });

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('prices.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('prices.intro')}</p>
      {packet.periods.length === 0 ? (
        <p className={styles.muted}>{t('prices.none')}</p>
      ) : (
        <TableFrame label={caption}>
          <table className={styles.table}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('prices.period')}</th>
                <th scope="col">{t('prices.price')}</th>
                <th scope="col">{t('prices.paysystems')}</th>
                <th scope="col">{t('prices.subscribers')}</th>
                {writable && <th scope="col">{t('prices.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {packet.periods.map((p) => (
                <PeriodRow key={p.id} packet={packet} period={p} choices={choices} writable={writable} money={money} paySystems={titleOf(p.paysystems)} onDone={setStatus} />
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {writable && <AddPeriodForm packet={packet} choices={choices} onDone={setStatus} />}
      <p role="status" className={styles.small}>
        {status}
      </p>
    </section>
  );
}

function PeriodRow({
  packet,
  period,
  choices,
  writable,
  money,
  paySystems,
  onDone,
}: {
  packet: ConsolePacket;
  period: ConsolePeriod;
  choices: PacketChoices;
  writable: boolean;
  money: (minor: number) => string;
  paySystems: string;
  onDone: (status: string) => void;
}) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const [mode, setMode] = useState<'view' | 'edit' | 'withdraw' | 'apply'>('view');
  const months = t('prices.months', { count: period.months });
  const ref = { packetId: packet.id, periodId: period.id };
  const withdraw = usePacketChange(withdrawPeriod, () => onDone(t('prices.withdrawn', { period: months })));
  const apply = usePacketChange(applyPrice, () => {
    setMode('view');
    onDone(t('prices.applied', { period: months }));
  });

  return (
    <tr>
      <th scope="row">{months}</th>
      <td className={styles.num}>{money(period.amount)}</td>
      <td>{paySystems}</td>
      <td>
        {t('prices.subscriberCount', { count: period.subscribers })}
        {period.subscribers_at_other_price > 0 && (
          <span className={`${styles.muted} ${styles.small}`}> {t('prices.atOtherPrice', { count: period.subscribers_at_other_price })}</span>
        )}
      </td>
      {writable && (
        <td>
          {mode === 'view' && (
            <span className={styles.actions}>
              <Button size="small" variant="secondary" onClick={() => setMode('edit')} aria-label={t('prices.changeFor', { period: months })}>
                {t('prices.change')}
              </Button>
              <Button size="small" variant="secondary" onClick={() => setMode('withdraw')} aria-label={t('prices.withdrawFor', { period: months })}>
                {t('prices.withdraw')}
              </Button>
              {period.subscribers_at_other_price > 0 && (
                <Button size="small" variant="secondary" onClick={() => setMode('apply')} aria-label={t('prices.applyFor', { period: months })}>
                  {t('prices.apply')}
                </Button>
              )}
            </span>
          )}
          {mode === 'edit' && (
            <ChangePeriodForm
              packet={packet}
              period={period}
              choices={choices}
              months={months}
              onClose={(changed) => {
                setMode('view');
                if (changed) onDone(t('prices.changed', { period: months }));
              }}
            />
          )}
          {mode === 'withdraw' && (
            <InlineConfirm
              label={t('prices.withdrawFor', { period: months })}
              question={t('prices.withdrawQuestion', { period: months })}
              action={t('prices.withdraw')}
              busy={withdraw.isPending}
              error={withdraw.error ? errorText(tc, withdraw.error) : null}
              onConfirm={() => withdraw.mutate(ref)}
              onCancel={() => setMode('view')}
            />
          )}
          {mode === 'apply' && (
            <InlineConfirm
              label={t('prices.applyFor', { period: months })}
              question={t('prices.applyQuestion', { count: period.subscribers_at_other_price, price: money(period.amount) })}
              action={t('prices.apply')}
              busy={apply.isPending}
              error={apply.error ? errorText(tc, apply.error) : null}
              onConfirm={() => apply.mutate(ref)}
              onCancel={() => setMode('view')}
            />
          )}
        </td>
      )}
    </tr>
  );
}

/** The pay systems that sell an option: none checked means every one. */
function PaySystemChecks({ choices, value, onChange }: { choices: PacketChoices; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('operator-packets');
  return (
    <fieldset className={own.plain}>
      <legend className={styles.label}>{t('prices.soldThrough')}</legend>
      <div className={own.flags}>
        {choices.paysystems.map((ps) => (
          <label key={ps.shortname} className={own.check}>
            <input
              type="checkbox"
              checked={value.includes(ps.shortname)}
              onChange={(e) => onChange(e.target.checked ? [...value, ps.shortname] : value.filter((v) => v !== ps.shortname))}
            />
            {ps.title}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ChangePeriodForm({
  packet,
  period,
  choices,
  months,
  onClose,
}: {
  packet: ConsolePacket;
  period: ConsolePeriod;
  choices: PacketChoices;
  months: string;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const id = useId();
  const [price, setPrice] = useState(priceText(period.amount));
  const [paysystems, setPaySystems] = useState(period.paysystems);
  const [problem, setProblem] = useState<string | null>(null);
  const change = usePacketChange(changePeriod, () => onClose(true));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const minor = readPrice(price);
    if (minor === null) return setProblem(t('errors.price'));
    setProblem(null);
    change.mutate({ packetId: packet.id, periodId: period.id, amount: minor, paysystems });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('prices.changeFor', { period: months })}>
      <div className={own.rowForm}>
        <div className={styles.control}>
          <label htmlFor={id} className={styles.label}>
            {t('prices.newPrice', { period: months })}
          </label>
          <input id={id} className={styles.input} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} autoFocus />
        </div>
        <PaySystemChecks choices={choices} value={paysystems} onChange={setPaySystems} />
        <Button type="submit" size="small" disabled={change.isPending}>
          {t('common.save')}
        </Button>
        <Button size="small" variant="secondary" onClick={() => onClose(false)}>
          {t('common.cancel')}
        </Button>
      </div>
      <FormError message={problem ?? (change.error ? errorText(tc, change.error) : null)} />
    </form>
  );
}

function AddPeriodForm({ packet, choices, onDone }: { packet: ConsolePacket; choices: PacketChoices; onDone: (status: string) => void }) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const ids = { title: useId(), months: useId(), price: useId() };
  const [months, setMonths] = useState(() => String(nextLength(packet.periods)));
  const [price, setPrice] = useState('');
  const [paysystems, setPaySystems] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const add = usePacketChange(addPeriod, (answer) => {
    setPrice('');
    setMonths(String(nextLength(answer.periods)));
    onDone(t('prices.added'));
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m = Number(months);
    const minor = readPrice(price);
    if (!Number.isInteger(m) || m < 1 || m > 36) return setProblem(t('errors.months'));
    if (minor === null) return setProblem(t('errors.price'));
    setProblem(null);
    add.mutate({ packetId: packet.id, months: m, amount: minor, paysystems });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t('prices.add')}</h3>
      <div className={own.rowForm}>
        <div className={styles.control}>
          <label htmlFor={ids.months} className={styles.label}>
            {t('fields.months')}
          </label>
          <input id={ids.months} className={styles.input} type="number" min={1} max={36} value={months} onChange={(e) => setMonths(e.target.value)} />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.price} className={styles.label}>
            {t('fields.price')}
          </label>
          <input id={ids.price} className={styles.input} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} autoComplete="off" />
        </div>
        <Button type="submit" size="small" disabled={add.isPending}>
          {t('prices.addButton')}
        </Button>
      </div>
      <PaySystemChecks choices={choices} value={paysystems} onChange={setPaySystems} />
      <FormError message={problem ?? (add.error ? errorText(tc, add.error) : null)} />
    </form>
  );
}

/** The first common length (1, 3, 6, 12 months) the packet has no price for yet. */
function nextLength(periods: ConsolePeriod[]): number {
  return [1, 3, 6, 12, 24].find((m) => !periods.some((p) => p.months === m)) ?? 1;
}
